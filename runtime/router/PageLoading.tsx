/** A plain CSS spinner: it shows before antd has loaded, so it must not depend on antd. */
const STYLE = '@keyframes page-loading-spin{to{transform:rotate(360deg)}}';

export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }} aria-busy="true" aria-label="加载中">
      <style>{STYLE}</style>
      <span style={{ width: 24, height: 24, border: '3px solid #d9e8ff', borderTopColor: '#1890ff', borderRadius: '50%', animation: 'page-loading-spin .8s linear infinite' }} />
    </div>
  );
}
