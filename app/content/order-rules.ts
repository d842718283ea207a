/**
 * The office's rules for an order's money: the one place to change them. With the advance required,
 * an order whose payment terms ask for an advance does not go into production until it is paid.
 */
export const orderRules = {
  requireAdvanceBeforeProduction: true,
};

export type OrderRules = typeof orderRules;
