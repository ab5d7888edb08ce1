/**
 * 司机任务 (`/driver/{token}`, public, no login): the page a driver opens from the 派车通知 SMS or
 * the 托运单's QR code. Plain React and its own CSS (no antd, no shell), so it loads fast on a slow
 * phone network and works on a 360 px screen: the 托运单 (addresses with contacts to call, cargo,
 * the dispatcher's phone), the next step's big button (装车 发车 到达 签收, 异常 with type and
 * photos), the signed 回单 photographed and compressed in the browser, and — once the driver
 * agrees — the phone's position every minute, queued while offline and sent in order.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { ScreenProps } from '../../runtime/screens/types';
import { DriverError, compressPhoto, driverCall, enqueue, flushQueue, readQueue, uploadPhoto, type Photo } from './driver-api';
import './driver.css';

interface Contact { address: string; contact: string | null; phone: string | null }
interface View {
  scheduleNo: string;
  status: number;
  statusLabel: string;
  truckLicensePlate: string;
  trailerPlate: string | null;
  driverName: string;
  next: { step: string; title: string }[];
  waiting: string | null;
  cargo: { name: string; pieces: number | null; weight: string | null; volume: string | null; size: string | null; oversize: boolean; vehicleRequirement: string | null };
  load: Contact & { planTime: string | null };
  unload: Contact & { requiredTime: string | null };
  dispatcher: { name: string | null; phone: string | null };
  loaded: { pieces: number | null; weight: string | null };
  needsPermit: boolean;
  history: { title: string; at: string | null; byDriver: boolean }[];
  receipt: { status: number | null; statusLabel: string; rejectReason: string | null } | null;
  exceptionTypes: { value: number; label: string }[];
}

const EVERY_MS = 60_000;
const consentKey = (token: string) => `driver-consent:${token.slice(0, 12)}`;

function Tel({ phone, label }: { phone: string | null; label?: string }) {
  if (!phone) return null;
  return <a className="dv-tel" href={`tel:${phone}`}>{label ?? phone}</a>;
}

/** Photos taken with the camera: compressed, uploaded through the link, shown as thumbnails. */
function PhotoPicker({ token, photos, onChange, label, testId }: { token: string; photos: (Photo & { preview: string })[]; onChange: (p: (Photo & { preview: string })[]) => void; label: string; testId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length) return;
    setBusy(true);
    setError(undefined);
    const added: (Photo & { preview: string })[] = [];
    try {
      for (const [i, f] of files.entries()) {
        const blob = await compressPhoto(f);
        const up = await uploadPhoto(token, blob, `${label}${photos.length + i + 1}.jpg`);
        added.push({ ...up, preview: URL.createObjectURL(blob) });
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      onChange([...photos, ...added]);
      setBusy(false);
    }
  };
  return (
    <div className="dv-photos">
      <div className="dv-thumbs">
        {photos.map((p, i) => (
          <div key={p.url} className="dv-thumb">
            <img src={p.preview} alt={`${label}${i + 1}`} />
            <button type="button" aria-label={`删除第${i + 1}张`} onClick={() => onChange(photos.filter((x) => x !== p))}>×</button>
          </div>
        ))}
      </div>
      <label className={`dv-button dv-secondary${busy ? ' dv-disabled' : ''}`}>
        {busy ? '照片上传中…' : photos.length ? `继续拍摄（已${photos.length}张）` : `拍摄${label}`}
        <input type="file" accept="image/*" capture="environment" multiple hidden disabled={busy} onChange={(e) => void pick(e)} data-testid={testId} />
      </label>
      {error && <div className="dv-error">{error}</div>}
    </div>
  );
}

export default function DriverPage({ params }: ScreenProps) {
  const token = params?.token ?? '';
  const [view, setView] = useState<View>();
  const [fatal, setFatal] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<(Photo & { preview: string })[]>([]);
  const [exceptionOpen, setExceptionOpen] = useState(false);
  const [sharing, setSharing] = useState(() => localStorage.getItem(consentKey(token)) === '1');
  const [geo, setGeo] = useState<{ last?: string; left: number; error?: string }>({ left: readQueue(token).length });
  const set = (k: string) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const load = useCallback(async () => {
    try {
      setView(await driverCall<View>(token, ''));
    } catch (e) {
      if (e instanceof DriverError && e.status !== 0) setFatal(e.message);
      else setError((e as Error).message);
    }
  }, [token]);
  // A step refused: an ended link (410/404) leaves nothing to do on the page; a step the schedule
  // has moved past (409, the dispatcher acted meanwhile) shows the message over the current state.
  const failed = useCallback((e: unknown) => {
    if (e instanceof DriverError && (e.status === 410 || e.status === 404)) {
      setFatal(e.message);
      return;
    }
    setError((e as Error).message);
    if (e instanceof DriverError && e.status === 409) void driverCall<View>(token, '').then(setView, () => undefined);
  }, [token]);
  useEffect(() => {
    document.title = '司机任务';
    void load();
  }, [load]);

  // Defaults of the step forms follow the 托运单 (what was loaded is what is signed for).
  useEffect(() => {
    if (!view) return;
    setForm((f) => ({
      loadedPieces: f.loadedPieces ?? String(view.cargo.pieces ?? ''), loadedWeight: f.loadedWeight ?? String(view.cargo.weight ?? ''),
      signedPieces: f.signedPieces ?? String(view.loaded.pieces ?? view.cargo.pieces ?? ''), signedWeight: f.signedWeight ?? String(view.loaded.weight ?? view.cargo.weight ?? ''),
      signedBy: f.signedBy ?? (view.unload.contact ?? ''), exceptionType: f.exceptionType ?? '', exceptionDesc: f.exceptionDesc ?? '', permitNo: f.permitNo ?? '',
    }));
  }, [view]);

  // ---- positions ---------------------------------------------------------------------------
  const timer = useRef<number>();
  const sample = useCallback(() => {
    if (!navigator.geolocation) {
      setGeo((g) => ({ ...g, error: '此手机浏览器不支持定位' }));
      return;
    }
    navigator.geolocation.getCurrentPosition((pos) => {
      const c = pos.coords;
      enqueue(token, {
        id: `${pos.timestamp.toString(36)}-${Math.random().toString(36).slice(2, 8)}`, time: Math.round(pos.timestamp), lng: c.longitude, lat: c.latitude,
        speed: c.speed === null || Number.isNaN(c.speed) ? null : Math.round(c.speed * 3.6 * 10) / 10, direction: c.heading === null || Number.isNaN(c.heading) ? null : c.heading,
        accuracy: c.accuracy ?? null,
      });
      void flushQueue(token).then((r) => setGeo({ last: new Date().toTimeString().slice(0, 5), left: r.left, error: r.error }));
    }, (err) => {
      setGeo((g) => ({ ...g, error: err.code === err.PERMISSION_DENIED ? '未获得定位权限，请在浏览器设置中允许定位' : '暂时无法获取位置，稍后自动重试' }));
    }, { enableHighAccuracy: true, timeout: 30_000, maximumAge: 30_000 });
  }, [token]);

  useEffect(() => {
    if (!sharing || !view || view.status >= 35) return;
    sample();
    timer.current = window.setInterval(sample, EVERY_MS);
    const online = () => void flushQueue(token).then((r) => setGeo((g) => ({ ...g, left: r.left, error: r.error })));
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer.current);
      window.removeEventListener('online', online);
    };
  }, [sharing, view?.status, sample, token]);

  const share = (on: boolean) => {
    localStorage.setItem(consentKey(token), on ? '1' : '0');
    setSharing(on);
  };

  // ---- steps ----------------------------------------------------------------------------------
  const act = async (step: string) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const body: Record<string, unknown> = { step };
      // A cleared field is sent as missing (the server asks for it), never as 0.
      if (step === 'load') Object.assign(body, { loadedPieces: form.loadedPieces?.trim() ? Number(form.loadedPieces) : null, loadedWeight: form.loadedWeight?.trim() || null, ...(view?.needsPermit ? { permitNo: form.permitNo } : {}) });
      if (step === 'sign') Object.assign(body, { signedPieces: form.signedPieces ? Number(form.signedPieces) : null, signedWeight: form.signedWeight || null });
      if (step === 'reportException') Object.assign(body, { exceptionType: form.exceptionType ? Number(form.exceptionType) : null, exceptionDesc: form.exceptionDesc, photos: photos.map(({ preview: _p, ...p }) => p) });
      const next = await driverCall<View>(token, '/step', body);
      setView(next);
      setPhotos([]);
      setExceptionOpen(false);
      setNotice(`${step === 'reportException' ? '异常已上报' : `${next.history.at(-1)?.title ?? ''}已完成`}`);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const sendReceipt = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setView(await driverCall<View>(token, '/receipt', { signedBy: form.signedBy, photos: photos.map(({ preview: _p, ...p }) => p) }));
      setPhotos([]);
      setNotice('回单已上传，等待审核');
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  if (fatal) return <div className="dv-page"><div className="dv-card dv-fatal" data-testid="driver-fatal"><h1>无法打开任务</h1><p>{fatal}</p></div></div>;
  if (!view) return <div className="dv-page"><div className="dv-card">{error ?? '加载中…'}</div></div>;
  const v = view;
  const main = v.next.find((s) => s.step !== 'reportException');
  const canReport = v.next.some((s) => s.step === 'reportException');

  return (
    <div className="dv-page" data-testid="driver-page">
      <header className="dv-head">
        <div className="dv-plate">{v.truckLicensePlate}{v.trailerPlate ? ` / ${v.trailerPlate}` : ''}</div>
        <div className="dv-sub">调度单 {v.scheduleNo} · {v.driverName}</div>
        <span className="dv-status" data-testid="driver-status">{v.statusLabel}</span>
      </header>

      {notice && <div className="dv-notice" role="status">{notice}</div>}
      {error && <div className="dv-error" role="alert" data-testid="driver-error">{error}</div>}

      <section className="dv-card dv-action">
        {v.waiting && <p className="dv-waiting">{v.waiting}</p>}
        {main?.step === 'load' && (
          <div className="dv-fields">
            <label>实装件数<input inputMode="numeric" value={form.loadedPieces ?? ''} onChange={set('loadedPieces')} /></label>
            <label>实装重量(吨)<input inputMode="decimal" value={form.loadedWeight ?? ''} onChange={set('loadedWeight')} /></label>
            {v.needsPermit && <label>超限通行证号<input value={form.permitNo ?? ''} onChange={set('permitNo')} /></label>}
          </div>
        )}
        {main?.step === 'sign' && (
          <div className="dv-fields">
            <label>签收件数<input inputMode="numeric" value={form.signedPieces ?? ''} onChange={set('signedPieces')} /></label>
            <label>签收重量(吨)<input inputMode="decimal" value={form.signedWeight ?? ''} onChange={set('signedWeight')} /></label>
          </div>
        )}
        {main?.step === 'receipt' && (
          <div className="dv-fields">
            <p className="dv-hint">请拍摄收货方签字盖章的回单，可拍多页。</p>
            {v.receipt?.rejectReason && <p className="dv-error">回单被驳回：{v.receipt.rejectReason}</p>}
            <label>签收人<input value={form.signedBy ?? ''} onChange={set('signedBy')} /></label>
            <PhotoPicker token={token} photos={photos} onChange={setPhotos} label="回单" testId="receipt-photos" />
          </div>
        )}
        {main && main.step !== 'receipt' && (
          <button type="button" className="dv-button dv-primary" disabled={busy} onClick={() => void act(main.step)} data-testid="driver-next">
            {busy ? '提交中…' : `确认${main.title}`}
          </button>
        )}
        {main?.step === 'receipt' && (
          <button type="button" className="dv-button dv-primary" disabled={busy || !photos.length} onClick={() => void sendReceipt()} data-testid="driver-receipt">
            {busy ? '提交中…' : '上传回单'}
          </button>
        )}
        {canReport && !exceptionOpen && (
          <button type="button" className="dv-button dv-danger" onClick={() => setExceptionOpen(true)}>上报异常</button>
        )}
        {canReport && exceptionOpen && (
          <div className="dv-fields dv-exception">
            <label>异常类型
              <select value={form.exceptionType ?? ''} onChange={set('exceptionType')}>
                <option value="">请选择</option>
                {v.exceptionTypes.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
              </select>
            </label>
            <label>异常说明<textarea rows={3} value={form.exceptionDesc ?? ''} onChange={set('exceptionDesc')} placeholder="发生了什么、在哪里" /></label>
            <PhotoPicker token={token} photos={photos} onChange={setPhotos} label="异常照片" testId="exception-photos" />
            <button type="button" className="dv-button dv-danger" disabled={busy} onClick={() => void act('reportException')}>{busy ? '提交中…' : '确认上报异常'}</button>
            <button type="button" className="dv-button dv-secondary" onClick={() => setExceptionOpen(false)}>取消</button>
          </div>
        )}
      </section>

      <section className="dv-card dv-geo">
        {v.status < 35 ? (sharing ? (
          <>
            <div className="dv-row"><b>位置共享中</b><button type="button" className="dv-link" onClick={() => share(false)}>停止</button></div>
            <div className="dv-muted" data-testid="driver-geo">
              {geo.last ? `上次定位 ${geo.last}` : '正在定位…'}{geo.left ? `，待发送 ${geo.left} 条（联网后自动补发）` : ''}{geo.error ? `。${geo.error}` : ''}
            </div>
          </>
        ) : (
          <>
            <p className="dv-hint">同意后，本页面打开期间每分钟向调度员发送一次您的位置，仅用于本次运输。</p>
            <button type="button" className="dv-button dv-secondary" onClick={() => share(true)} data-testid="driver-share">同意共享位置</button>
          </>
        )) : <div className="dv-muted">已签收，不再共享位置</div>}
      </section>

      <section className="dv-card">
        <h2>装货</h2>
        <p className="dv-addr">{v.load.address}</p>
        <p>{v.load.contact ?? ''} <Tel phone={v.load.phone} /></p>
        {v.load.planTime && <p className="dv-muted">计划装车 {v.load.planTime}</p>}
        <h2>卸货</h2>
        <p className="dv-addr">{v.unload.address}</p>
        <p>{v.unload.contact ?? ''} <Tel phone={v.unload.phone} /></p>
        {v.unload.requiredTime && <p className="dv-muted">要求到达 {v.unload.requiredTime}</p>}
      </section>

      <section className="dv-card">
        <h2>货物</h2>
        <dl className="dv-dl">
          <dt>货物</dt><dd>{v.cargo.name}</dd>
          <dt>件数</dt><dd>{v.cargo.pieces ?? '—'} 件</dd>
          <dt>重量</dt><dd>{v.cargo.weight ?? '—'} 吨</dd>
          {v.cargo.size && <><dt>最大件尺寸</dt><dd>{v.cargo.size}</dd></>}
          {v.cargo.volume && <><dt>体积</dt><dd>{v.cargo.volume} m³</dd></>}
          {v.cargo.oversize && <><dt>大件</dt><dd>是，按通行证核定的时间、路线通行</dd></>}
        </dl>
      </section>

      <section className="dv-card">
        <div className="dv-row"><span>调度员 {v.dispatcher.name ?? ''}</span><Tel phone={v.dispatcher.phone} label={v.dispatcher.phone ? `拨打 ${v.dispatcher.phone}` : undefined} /></div>
      </section>

      {v.history.length > 0 && (
        <section className="dv-card">
          <h2>进度</h2>
          <ol className="dv-history">
            {v.history.map((h, i) => <li key={i}><span>{h.title}{h.byDriver ? '（司机）' : ''}</span><span className="dv-muted">{h.at}</span></li>)}
          </ol>
        </section>
      )}
    </div>
  );
}
