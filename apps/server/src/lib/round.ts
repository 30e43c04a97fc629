/** Rounds to a number of decimal places, as figures are shown (percentages to three, shares to one). */
export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
