import type { Stat } from "~/components/sections/stats-band";
import { business } from "./business";

/** Texts of /about: who we are, what we have done and what we stand for. */

export const aboutHero = {
  eyebrow: "Who we are",
  title: "About Us",
  lead: `A Lahore team that has spent more than ${business.foundedYearsAgo} years putting pharmaceutical and corporate brands into the hands of the people who matter to them.`,
} as const;

export const mission = {
  title: "Our Mission",
  paragraphs: [
    "Our mission is to help brands be remembered for the right reasons: with promotional items that people actually use, printed exactly as approved and delivered on the day they are needed.",
    "We believe a pen on a prescriber's desk or a clock on a pharmacy wall should reflect the same care a company puts into its products. So we work as an extension of your marketing team: we listen first, suggest what fits your audience and your rules, and stay accountable until the last carton is delivered.",
  ],
} as const;

export const experience = {
  title: "Our Experience",
  intro: "Two kinds of clients, with different needs, and years of work with both.",
  areas: [
    {
      title: "Pharmaceutical",
      text: "We have produced pens, chit pad boxes, mugs, desk accessories and games for pharmaceutical brands across Pakistan: launch kits, conference stall items and everyday field-force giveaways.",
      points: [
        "Exact product names and brand colours, checked against approved artwork",
        "Items chosen within your company's compliance guidelines",
        "Stock planned around launches, conferences and representatives' visit cycles",
      ],
    },
    {
      title: "Corporate",
      text: "Distributors, manufacturers and service companies come to us for branded apparel, acrylic awards, wall clocks and gifts for clients, dealers and staff.",
      points: [
        "Dealer conferences, annual awards and year-end client gifts",
        "Uniforms and event apparel for teams",
        "Restrained, quality branding for senior audiences",
      ],
    },
  ],
} as const;

export const aboutStatsTitle = "Our numbers";

export const aboutStats: readonly Stat[] = [
  { value: `${business.foundedYearsAgo}+`, label: "Years of Experience" },
  { value: "1000+", label: "Happy Clients" },
  { value: "100%", label: "Client Satisfaction" },
];

export const coreValuesIntro = {
  title: "Our Core Values",
  intro: "Four commitments behind every order, whatever its size.",
} as const;

export const coreValues = [
  {
    icon: "award",
    title: "Quality",
    text: "We check every run against the approved mockup, because an item with your brand on it is a promise to the person who receives it.",
  },
  {
    icon: "scale",
    title: "Integrity",
    text: "Honest advice, clear quotations and realistic dates. If something cannot be done well in the time available, we say so.",
  },
  {
    icon: "clock",
    title: "Reliability",
    text: "Launches and conferences do not move, so neither do our delivery dates. We plan backwards from your day.",
  },
  {
    icon: "handshake",
    title: "Partnership",
    text: "Many of our clients have worked with us for years. We learn your brands, your guidelines and your people, so each order is easier than the last.",
  },
] as const;

export const aboutCta = {
  title: "Let's talk about your next campaign",
  text: "Tell us about your brand and your audience. We'll reply within 24 hours with ideas and a quotation.",
  action: "Contact Us",
} as const;
