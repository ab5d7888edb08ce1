/**
 * Attachment names as links that preview in the browser (seed 000/002): a name shows its first 8
 * characters and an ellipsis (the full name on hover); a click opens images, PDF and video
 * (a name ending in .mp4) in a dialog, anything else is downloaded. Files are served only with the
 * session token and the download answers with a sandbox CSP, so the file is fetched as a blob and
 * shown from an object URL. The video player is 16:9 with rates 0.5/1/1.5/2 and Chinese text;
 * a file it cannot play says 此视频暂无法播放，请稍后再试.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Radio, Space, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { download, saveFile } from '../../../api/http';

export interface FileRef { name: string; url: string }

/** Seed: attachment names are cut to 8 characters plus an ellipsis. */
export const NAME_LENGTH = 8;
export const shortName = (name: string) => (name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH)}…` : name);

export const VIDEO_RATES = [0.5, 1, 1.5, 2];
export const VIDEO_ERROR = '此视频暂无法播放，请稍后再试';

type Kind = 'image' | 'pdf' | 'video' | 'other';
export function previewKind(name: string): Kind {
  const n = name.toLowerCase();
  if (n.endsWith('.mp4')) return 'video';
  if (n.endsWith('.pdf')) return 'pdf';
  if (/\.(png|jpe?g|gif|webp|bmp)$/.test(n)) return 'image';
  return 'other';
}

function Video({ src }: { src: string }) {
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);
  const [el, setEl] = useState<HTMLVideoElement | null>(null);
  useEffect(() => { if (el) el.playbackRate = rate; }, [el, rate]);
  if (failed) return <Alert type="warning" showIcon message={VIDEO_ERROR} data-testid="video-error" />;
  return (
    <div>
      <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000' }}>
        <video ref={setEl} src={src} controls lang="zh-CN" data-testid="preview-video" onError={() => setFailed(true)}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}>
          {VIDEO_ERROR}
        </video>
      </div>
      <Space style={{ marginTop: 8 }}>
        <span>倍速</span>
        <Radio.Group size="small" optionType="button" value={rate} onChange={(e) => setRate(e.target.value as number)}
          options={VIDEO_RATES.map((r) => ({ label: `${r}x`, value: r }))} />
      </Space>
    </div>
  );
}

function Preview({ file, onClose }: { file: FileRef; onClose: () => void }) {
  const kind = previewKind(file.name);
  const [state, setState] = useState<{ href: string; blob: Blob }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let href: string | undefined;
    let live = true;
    download({ method: 'GET', url: file.url }).then(({ blob }) => {
      if (!live) return;
      href = URL.createObjectURL(blob);
      setState({ href, blob });
    }, (e: Error) => live && setError(e.message));
    return () => { live = false; if (href) URL.revokeObjectURL(href); };
  }, [file.url]);
  const body = error ? <Alert type="error" showIcon message={error} />
    : !state ? <Spin style={{ display: 'block', margin: 48 }} />
    : kind === 'image' ? <img src={state.href} alt={file.name} data-testid="preview-image" style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />
    : kind === 'pdf' ? <iframe src={state.href} title={file.name} data-testid="preview-pdf" style={{ width: '100%', height: '70vh', border: 0 }} />
    : kind === 'video' ? <Video src={state.href} />
    : <Typography.Text type="secondary">该文件不支持在线预览，请下载后查看</Typography.Text>;
  return (
    <Modal open title={file.name} width={kind === 'other' ? 480 : 900} onCancel={onClose} destroyOnClose data-testid="file-preview"
      footer={[
        <Button key="dl" icon={<DownloadOutlined />} disabled={!state} onClick={() => state && saveFile({ blob: state.blob, fileName: file.name })}>下载</Button>,
        <Button key="close" onClick={onClose}>关闭</Button>,
      ]}>
      {body}
    </Modal>
  );
}

/** File names (cut to 8 characters) that open the preview. */
export function FileLinks({ files, vertical }: { files: FileRef[]; vertical?: boolean }) {
  const [open, setOpen] = useState<FileRef>();
  return (
    <>
      <Space direction={vertical ? 'vertical' : 'horizontal'} size={vertical ? 4 : 8} wrap>
        {files.map((f) => (
          <Typography.Link key={f.url} title={f.name} data-testid="file-link" onClick={(e) => { e.stopPropagation(); setOpen(f); }}>{shortName(f.name)}</Typography.Link>
        ))}
      </Space>
      {open && <Preview file={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
