import { makeVariants } from '../ab-test-settings';
import { AbTestPanel } from './ab-test-panel';
import { AbTestStateCard } from './ab-test-state';

/** What the campaign editor's route hands the editor for its A/B test (the campaigns feature's EditorAbTest). */
export const EDITOR_AB_TEST = {
  panel: (props: Omit<Parameters<typeof AbTestPanel>[0], 'hasOrders'>) => <AbTestPanel {...props} hasOrders={null} />,
  state: (props: Parameters<typeof AbTestStateCard>[0]) => <AbTestStateCard {...props} />,
  makeVariants,
};
