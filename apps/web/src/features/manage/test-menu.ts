/** Picks an action from a row's menu in the management screens' tests. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Opens "Actions for <who>" and clicks `item`. jsdom has no layout, so the menu's positioning finds its button
 * off-screen and may hide the open dropdown (display: none) a moment later: the item is looked for hidden or not.
 * Whether it shows is the browser's to check (e2e/tests/accounts.spec.ts).
 */
export async function chooseAction(user: UserEvent, who: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${who}` }));
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}
