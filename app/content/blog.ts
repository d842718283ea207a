/** Texts of the blog pages around the articles (the articles are app/content/articles/*.md). */
export const blogPage = {
  eyebrow: "Insights",
  title: "Blog",
  lead: "Practical guides for pharmaceutical and corporate marketing teams in Pakistan: choosing giveaways, planning conference stock, quality checks and getting a return on your budget.",
  cta: {
    title: "Planning a campaign or a conference?",
    text: "Tell us about your audience, quantities and dates. We'll suggest items, prepare free mockups and reply within 24 hours.",
  },
} as const;

/** The articles as an RSS feed, at a fixed URL that feed readers keep; the head of the blog's pages names it. */
export const articleFeed = { path: "/blog/feed.xml", title: "Lahore Promo Works: articles" } as const;

/** What the feed tells feed readers it is (apart from articleFeed, so the pages' script leaves it out). */
export const articleFeedDescription =
  "Guides for pharmaceutical and corporate marketing teams on promotional products: choosing, planning, quality and return on budget.";

export const articlePage = {
  cta: {
    title: "Put these ideas to work for your brand",
    text: "Share your brand, audience and deadline, and we'll come back within 24 hours with item ideas, a mockup plan and a quotation.",
  },
  moreTitle: "More from the blog",
} as const;
