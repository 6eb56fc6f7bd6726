// ISO 4217 minor units: takes nothing, gives the minor units (digits after the decimal
// separator) of each code of CURRENCY_CODES (./iso-codes.ts), null where List One says N.A.
// (precious metals, units of account, the testing and no-currency codes).

/**
 * From ISO 4217 List One's CcyMnrUnts, state 2026-01-01 (the list ./iso-codes.ts names):
 * every code not listed here has 2 minor units. XAD (Amendment 179) has 2.
 */
// prettier-ignore
const NOT_TWO: Readonly<Record<string, number | null>> = {
  // 0 minor units.
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  // 3 minor units.
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  // 4 minor units (units of account: Unidad de Fomento, Unidad Previsional).
  CLF: 4, UYW: 4,
  // N.A.
  XAG: null, XAU: null, XBA: null, XBB: null, XBC: null, XBD: null, XDR: null, XPD: null, XPT: null, XSU: null, XTS: null, XUA: null, XXX: null,
};

/** The minor units of an ISO 4217 code of List One; null for N.A. */
export function currencyMinorUnits(code: string): number | null {
  return code in NOT_TWO ? NOT_TWO[code]! : 2;
}
