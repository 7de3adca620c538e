import { CasinoLobby } from '../../features/casino/components/casino-lobby';

/** /live-casino (needs allowLiveCasino): tables and live games; ?play=<game> opens one in the frame. */
export default function LiveCasinoPage() {
  return <CasinoLobby kind="live" />;
}
