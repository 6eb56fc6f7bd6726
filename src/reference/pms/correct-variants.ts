// Correct variants of the reference PMS: takes nothing, gives the names of behaviours a
// different, conforming PMS may show (another order, another timing the spec allows) and
// what each one does (each is made in ./variants/correct.ts). Unlike faults, every variant
// must be certified.

export const PMS_CORRECT_VARIANT_NAMES = [
  'property-ops-at-connect',
  'notify-fetch-30ms',
  'notify-first-on-schedule',
  'late-setup-refresh',
  'throttled-refresh',
  'queued-availability',
  'availability-span',
] as const;

export type PmsCorrectVariant = (typeof PMS_CORRECT_VARIANT_NAMES)[number];

export const PMS_CORRECT_VARIANTS: Readonly<Record<PmsCorrectVariant, string>> = {
  'property-ops-at-connect':
    'Sends CreateProperty, UpdateRoom, DeleteRatePlan, DeleteRoom and UpdateRatePlan right after SetupProperty, as its connect sequence (the property sync hook then does nothing)',
  'notify-fetch-30ms': 'Reacts to NotifyBooking 30 ms (clock time) after answering it, with GetBookingList then GetBookingId',
  'notify-first-on-schedule':
    'Leaves its first NotifyBooking to its next scheduled poll when that is due within a second (a PMS polling every second), instead of polling once more; polls at once after later ones',
  'late-setup-refresh':
    'Sends its refresh after setup 5 s (clock time) after setup succeeded, and starts polling only once that refresh is sent (the typical flow: full refresh, then polling)',
  'throttled-refresh':
    "Waits 9 s (clock time) between the requests of each full refresh, as a PMS that throttles its ARI or sends it from a queue: quiet longer than the test profile's deadlines.settle (6 s) in the middle of a refresh",
  'queued-availability':
    'Sends the availability update that follows an imported booking 4 s (clock time) after the import, from a queue, while it goes on fetching and acknowledging: an effect window may hold an earlier ARIUpdate the 6 s deadlines.settle before that update comes',
  'availability-span':
    "After an import, sends the units of every night from the first to the last night the change moved, per room (the nights between a moved booking's old and new dates too, unchanged): more nights than needed, each with its right units",
};

export function isPmsCorrectVariant(value: unknown): value is PmsCorrectVariant {
  return typeof value === 'string' && Object.hasOwn(PMS_CORRECT_VARIANTS, value);
}
