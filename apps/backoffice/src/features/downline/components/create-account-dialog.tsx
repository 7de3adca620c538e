import { useState } from 'react';
import type { FormEvent } from 'react';
import { CREATABLE_ROLES, ROLE_NAMES, downlineAccountRequestSchema } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { PhoneField, toMobileNo } from '../../../components/ui/phone-field';
import type { PhoneValue } from '../../../components/ui/phone-field';
import { fieldErrors, serverErrors } from '../../../lib/field-errors';
import type { FieldErrors } from '../../../lib/field-errors';
import { useCreateAccount } from '../api/downline';

/**
 * A new account directly under `upline`: the roles offered are the ones the tree allows below the
 * upline's role (PRODUCT.md §9); the server decides again, with the level limit.
 */
export function CreateAccountDialog({
  upline,
  onClose,
}: {
  upline: { _id: string; name: string; role: number };
  onClose: () => void;
}) {
  const roles = CREATABLE_ROLES[upline.role as RoleId] ?? [];
  const [role, setRole] = useState<number>(roles[0] ?? 0);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ country: 'in', national: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateAccount();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = downlineAccountRequestSchema.safeParse({
      role,
      name,
      mobile_no: toMobileNo(phone),
      password,
      uplineId: upline._id,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) => setErrors(serverErrors(error, ['role', 'name', 'mobile_no', 'password'])),
    });
  }

  return (
    <Dialog
      open
      title={`New account under ${upline.name}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="create-account-form" busy={create.isPending}>
            Create account
          </Button>
        </>
      }
    >
      <form id="create-account-form" onSubmit={submit} noValidate>
        <SelectField
          label="Role"
          value={String(role)}
          error={errors.role}
          onChange={(event) => setRole(Number(event.target.value))}
        >
          {roles.map((id) => (
            <option key={id} value={id}>
              {ROLE_NAMES[id]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Name"
          value={name}
          maxLength={80}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
        <PhoneField value={phone} onChange={setPhone} error={errors.mobile_no} />
        <TextField
          label="Password"
          type="password"
          value={password}
          error={errors.password}
          hint="At least 8 characters"
          autoComplete="new-password"
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
