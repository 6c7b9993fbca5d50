import { useEffect, useState } from 'react';

/** The otpauth URL as a QR code for an authenticator app to scan (the `qrcode` library loads on use). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((m) =>
      m.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => {
        if (live) setSvg(s);
      }),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <div className="size-48 animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={label}
      width={192}
      height={192}
      // a QR code reads only dark on light, whatever the theme
      className="size-48 rounded-md bg-white p-2"
    />
  );
}
