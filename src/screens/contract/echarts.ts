// The earnings curve's tree-shaken echarts (line chart, grid, tooltip, canvas) plus mark lines for
// the open positions' prices; loaded with the futures chart's own chunk, never with home.
import { MarkLineComponent } from 'echarts/components';
import { echarts } from '../stake/echarts';

echarts.use([MarkLineComponent]);

export { echarts };
