import { Button } from './button';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  label?: string;
}

export function Pagination({ page, pageSize, total, onPageChange, label = 'Pages' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={label}>
      <span className="pagination-summary" aria-live="polite">
        {first}–{last} of {total}
      </span>
      <div className="pagination-buttons">
        <Button size="small" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
          ‹ Previous
        </Button>
        <span className="pagination-page">
          Page {page} of {pages}
        </span>
        <Button size="small" onClick={() => onPageChange(page + 1)} disabled={page >= pages} aria-label="Next page">
          Next ›
        </Button>
      </div>
    </nav>
  );
}
