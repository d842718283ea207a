/**
 * Days the office is closed although they fall on a weekday: Pakistan's public holidays, as dates in
 * Pakistan time. The desk's reply-by times and the lead times skip them (app/lib/desk/time.ts).
 *
 * Eid, Ashura and Eid Milad-un-Nabi follow the moon: the dates below are the expected ones; correct them
 * when the government announces the holidays, and add each new year before it starts.
 */
export const publicHolidays: readonly { date: string; name: string }[] = [
  { date: "2026-02-05", name: "Kashmir Solidarity Day" },
  { date: "2026-03-20", name: "Eid ul-Fitr" },
  { date: "2026-03-23", name: "Pakistan Day" },
  { date: "2026-05-01", name: "Labour Day" },
  { date: "2026-05-27", name: "Eid ul-Adha" },
  { date: "2026-05-28", name: "Youm-e-Takbeer; Eid ul-Adha" },
  { date: "2026-05-29", name: "Eid ul-Adha" },
  { date: "2026-06-25", name: "Ashura" },
  { date: "2026-06-26", name: "Ashura" },
  { date: "2026-08-14", name: "Independence Day" },
  { date: "2026-08-26", name: "Eid Milad-un-Nabi" },
  { date: "2026-11-09", name: "Iqbal Day" },
  { date: "2026-12-25", name: "Quaid-e-Azam Day" },
  { date: "2027-02-05", name: "Kashmir Solidarity Day" },
  { date: "2027-03-10", name: "Eid ul-Fitr" },
  { date: "2027-03-11", name: "Eid ul-Fitr" },
  { date: "2027-03-12", name: "Eid ul-Fitr" },
  { date: "2027-03-23", name: "Pakistan Day" },
  { date: "2027-05-17", name: "Eid ul-Adha" },
  { date: "2027-05-18", name: "Eid ul-Adha" },
  { date: "2027-05-19", name: "Eid ul-Adha" },
  { date: "2027-05-28", name: "Youm-e-Takbeer" },
  { date: "2027-06-15", name: "Ashura" },
  { date: "2027-06-16", name: "Ashura" },
  { date: "2027-08-14", name: "Independence Day" },
  { date: "2027-08-16", name: "Eid Milad-un-Nabi" },
  { date: "2027-11-09", name: "Iqbal Day" },
  { date: "2027-12-25", name: "Quaid-e-Azam Day" },
];
