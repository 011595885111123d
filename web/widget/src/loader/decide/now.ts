// The "now" override of options.date (spec §3.1): an ISO-8601 string or milliseconds since the epoch.

export const parseNow = (date: string | number | undefined, fallback: Date): Date => {
  if (date == null || date === "") return fallback;
  const d = new Date(typeof date == "string" && /^\s*-?\d+\s*$/.test(date) ? +date : date);
  return isNaN(d.getTime()) ? fallback : d;
};
