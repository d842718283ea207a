/**
 * The link to an item's brand studio, on the item's page and in the portfolio dialog (a module of its
 * own: the dialog's code takes nothing else of the item page's words).
 */
export const studioLinkText = "See Your Brand on It";
