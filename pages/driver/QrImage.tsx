/**
 * A QR code of a text (the driver's link), drawn in the browser by the `qrcode` package, which is
 * loaded only when a QR code is shown. Shared by the schedule's 司机链接 tab and the 托运单 print.
 */
import { useEffect, useState } from 'react';

export function QrImage({ text, size = 160, testId }: { text: string; size?: number; testId?: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then((m) => (m.default ?? m).toDataURL(text, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' })).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text, size]);
  return src
    ? <img src={src} width={size} height={size} alt="司机链接二维码" data-testid={testId} data-text={text} />
    : <span style={{ display: 'inline-block', width: size, height: size }} />;
}

export default QrImage;
