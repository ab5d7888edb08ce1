// The few functions of the `qrcode` package the screens use (it ships no types of its own).
declare module 'qrcode' {
  interface Options { margin?: number; width?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; color?: { dark?: string; light?: string } }
  export function toDataURL(text: string, options?: Options): Promise<string>;
  const QRCode: { toDataURL: typeof toDataURL };
  export default QRCode;
}
