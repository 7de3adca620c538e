import { dismissToast, useToasts } from '../../lib/toast';

/** Toasts are announced politely (errors assertively) and can be dismissed by hand. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast-${item.type}`} role={item.type === 'error' ? 'alert' : 'status'}>
          <span>{item.message}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismissToast(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
