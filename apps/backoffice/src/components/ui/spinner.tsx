export function Spinner({ size = 'normal', label = 'Loading…' }: { size?: 'normal' | 'small'; label?: string }) {
  return (
    <span
      className={`spinner${size === 'small' ? ' spinner-small' : ''}`}
      role={label === '' ? undefined : 'status'}
      aria-hidden={label === '' ? true : undefined}
    >
      {label === '' ? null : <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** The placeholder of a whole section while its first answer is on the way. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-block">
      <Spinner label={label} />
    </div>
  );
}
