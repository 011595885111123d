// The "now" override of options.date (spec §3.1): an ISO-8601 string or milliseconds since the epoch.

export const parseNow = (date: string | number | undefined, fallback: Date): Date => {
  // Absent, empty or NaN become NaN, an invalid date, like unparsable strings.
  const d = new Date(/^\s*-?\d+\s*$/.test(date as string) ? +date! : date || NaN);
  return isNaN(+d) ? fallback : d;
};
