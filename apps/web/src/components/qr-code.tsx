import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as SVG (dark modules on a white quiet zone, readable in both themes). `label` names it for
 * screen readers; the text it encodes must also be offered as text beside it for those who cannot scan.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const { data } = encode(value, { border: 2, ecc: 'M' });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d, modules: data.length };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.modules} ${path.modules}`}
      shapeRendering="crispEdges"
      className="rounded-md"
    >
      <rect width={path.modules} height={path.modules} fill="#ffffff" />
      <path d={path.d} fill="#000000" />
    </svg>
  );
}
