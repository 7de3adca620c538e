import { msg, t } from '../../lib/i18n/i18n';
export function Spinner({ size = 'medium', label }: { size?: 'small' | 'medium' | 'large'; label?: string }) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      {label ? <span className="visually-hidden">{t(label)}</span> : null}
    </span>
  );
}

/** Full-area loading state for route transitions and the first profile load. */
export function PageLoader({ label = msg('Loading') }: { label?: string }) {
  return (
    <div className="page-loader">
      <Spinner size="large" label={label} />
    </div>
  );
}

/** Placeholder blocks while content loads, so the layout does not jump on slow networks. */
export function Skeleton({ className, width, height }: { className?: string; width?: string; height?: string }) {
  return <span className={`skeleton ${className ?? ''}`} style={{ width, height }} aria-hidden="true" />;
}
