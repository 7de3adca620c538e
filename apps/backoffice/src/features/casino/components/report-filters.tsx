import { useSearchParams } from 'react-router';
import { SelectField, TextField } from '../../../components/ui/field';
import { indiaToday } from '@khel/money';
import type { DeskProvider } from '../api/keys';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The provider and India date the reports look at, from the URL (`?provider=&date=`), so reloads and
 * shared links keep them: the house provider (else the first) and today by default.
 */
export function useReportFilters(providers: readonly DeskProvider[] | undefined) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('provider') ?? '';
  const fallback = providers?.find((item) => item.kind === 'house')?.code ?? providers?.[0]?.code ?? '';
  const provider = providers === undefined ? '' : providers.some((item) => item.code === asked) ? asked : fallback;
  const askedDate = params.get('date') ?? '';
  const date = DATE.test(askedDate) ? askedDate : indiaToday();

  function update(next: { provider?: string; date?: string }) {
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.provider !== undefined) search.set('provider', next.provider);
        if (next.date !== undefined) {
          if (next.date === '' || next.date === indiaToday()) search.delete('date');
          else search.set('date', next.date);
        }
        return search;
      },
      { replace: true },
    );
  }
  return { provider, date, update };
}

export function ProviderSelect({
  providers,
  value,
  onChange,
}: {
  providers: readonly DeskProvider[];
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <SelectField label="Provider" value={value} onChange={(event) => onChange(event.target.value)}>
      {providers.map((item) => (
        <option key={item.code} value={item.code}>
          {item.name}
          {item.active ? '' : ' (inactive)'}
        </option>
      ))}
    </SelectField>
  );
}

export function DateInput({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  return (
    <TextField
      label="Date (India time)"
      type="date"
      value={value}
      max={indiaToday()}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
