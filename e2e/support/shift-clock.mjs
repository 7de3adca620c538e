// Test-only: loaded with `node --import` by the e2e harness (startProduct's clockOffsetMs), never by
// the product. It moves the whole server process's wall clock forward by KHEL_E2E_CLOCK_OFFSET_MS, so
// a browser test can reopen the same database "a week later" and see what a closed week does (the
// weekly referral payout) without waiting for a real Sunday. Timers and monotonic time are untouched.
const offset = Number(process.env.KHEL_E2E_CLOCK_OFFSET_MS ?? '0');
if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
