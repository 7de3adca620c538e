import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { marketUpdateSchema } from '@khel/contract';
import type { MarketRules } from '@khel/contract';
import { TextAreaField } from '../../../components/ui/field';
import { apiRequest } from '../../../lib/api-client';
import { useUpdateMarket } from '../api/manage-markets';
import { FormDialog } from './form-dialog';
import { fieldErrors, serverErrors } from './form-errors';
import type { FieldErrors } from './form-errors';

async function getMarketRules(marketId: string): Promise<MarketRules> {
  return (await apiRequest<MarketRules>(`/markets/${encodeURIComponent(marketId)}/rules`)).data;
}

/**
 * A market's rules as players read them (issue 26): its own (a feed's or an operator's), or, left
 * empty, its type's rules with its delay and limits, which the field's hint shows.
 */
export function RulesDialog({ market, onClose }: { market: { _id: string; name: string }; onClose: () => void }) {
  const update = useUpdateMarket();
  const rules = useQuery({ queryKey: ['market-rules', market._id], queryFn: () => getMarketRules(market._id) });
  const [text, setText] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const value = text ?? (rules.data?.own === true ? rules.data.rules : '');

  function submit() {
    const parsed = marketUpdateSchema.safeParse({ rules: value.trim() === '' ? null : value });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    update.mutate(
      {
        id: market._id,
        body: parsed.data,
        success: parsed.data.rules === null ? `${market.name} shows its type's rules` : `Rules of ${market.name} saved`,
      },
      {
        onSuccess: () => {
          void rules.refetch();
          onClose();
        },
        onError: (error) => setErrors(serverErrors(error, ['rules'])),
      },
    );
  }

  return (
    <FormDialog
      title={`Rules of ${market.name}`}
      submitLabel="Save rules"
      busy={update.isPending || rules.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextAreaField
        label="Rules players read"
        rows={6}
        maxLength={2000}
        value={value}
        error={errors.rules}
        hint={
          rules.data === undefined
            ? 'Loading the rules…'
            : rules.data.own
              ? 'Empty: the rules of its market type.'
              : `Empty shows its type's rules: ${rules.data.rules}`
        }
        onChange={(event) => setText(event.target.value)}
        data-testid="market-rules-field"
      />
    </FormDialog>
  );
}
