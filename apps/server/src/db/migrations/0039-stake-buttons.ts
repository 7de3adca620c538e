/**
 * Issue 31: each player's own eight stake buttons for the bet slip, in paise. A player without a row
 * gets the specification's chips.
 */
export default /* sql */ `
create table stake_buttons (
  user_id uuid primary key references users(id),
  values_paise bigint[] not null,
  updated_at timestamptz not null default now(),
  constraint stake_buttons_eight check (cardinality(values_paise) = 8),
  constraint stake_buttons_positive check (0 < all(values_paise))
);
`;
