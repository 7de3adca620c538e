const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Operators work in India time whatever their browser says (PRODUCT.md §2). */
export function formatDateTime(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} IST`;
}

/** 919876543210 → +91 98765 43210; 12025550123 → +1 202 555 0123. */
export function formatMobileNo(mobileNo: string): string {
  if (/^91\d{10}$/.test(mobileNo)) return `+91 ${mobileNo.slice(2, 7)} ${mobileNo.slice(7)}`;
  if (/^1\d{10}$/.test(mobileNo)) return `+1 ${mobileNo.slice(1, 4)} ${mobileNo.slice(4, 7)} ${mobileNo.slice(7)}`;
  return mobileNo;
}
