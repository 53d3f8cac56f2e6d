import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { use } from 'echarts/core';

// Lines and columns with their axes: the trend, MB and usage reports; loaded by `EChart` when an option needs them.
use([LineChart, BarChart, GridComponent]);
