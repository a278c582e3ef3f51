// The form widgets only the back office draws, added to the shared table (src/widgets/theme) when the
// console loads: a product's rate in percent.
import { lazyWidget } from '../widgets/lazyWidget';
import { widgets } from '../widgets/theme/theme';

widgets.percent = lazyWidget(() => import('../widgets/percent/PercentWidget').then((m) => m.PercentWidget));
