import { CasinoLobby } from '../../features/casino/components/casino-lobby';

/** /slots (needs allowSlots): slot games; ?play=<game> opens one in the frame. */
export default function SlotsPage() {
  return <CasinoLobby kind="slots" />;
}
