import { Link } from 'react-router-dom';

export const PRODUCT_NAME = 'CryptoExchange';

export function LogoMark({ size = 26 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <g fill="#F0B90B">
        <path d="M16 4l3.5 3.5L16 11l-3.5-3.5z" />
        <path d="M16 21l3.5 3.5L16 28l-3.5-3.5z" />
        <path d="M4 16l3.5-3.5L11 16l-3.5 3.5z" />
        <path d="M21 16l3.5-3.5L28 16l-3.5 3.5z" />
        <path d="M16 12.5l3.5 3.5-3.5 3.5-3.5-3.5z" />
      </g>
    </svg>
  );
}

export default function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label={PRODUCT_NAME}>
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
