/** A QR code drawn in the page from `text` (the otpauth:// URL): nothing leaves the browser to draw it. */
import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';

export default function QrCode({ text, size = 176 }: { text: string; size?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    // Dark on white with a quiet zone: what authenticator apps' cameras read best.
    QRCode.toCanvas(canvas.current, text, {
      width: size,
      margin: 2,
      color: { dark: '#0b0e11', light: '#ffffff' },
    }).catch((error: unknown) => console.warn('settings: QR code not drawn', error));
  }, [text, size]);

  return (
    <canvas
      ref={canvas}
      className="qr-code"
      width={size}
      height={size}
      aria-label="QR code for your authenticator app"
      role="img"
    />
  );
}
