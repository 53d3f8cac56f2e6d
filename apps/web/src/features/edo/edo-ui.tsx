import { orderStatusNames } from '@smartport/contract';
import { Tag } from 'antd';

// Pieces the line's screens share beyond components/list-screen: the order status of 'Lệnh theo eDO' and the eDO's containers.

const orderStatusColors: Record<string, string> = { A: 'default', P: 'gold', C: 'green', D: 'red' };
export const OrderStatusTag = ({ status, name }: { status: string; name?: string | null }) => (
  <Tag color={orderStatusColors[status] ?? 'default'}>{name ?? orderStatusNames[status as 'A'] ?? status}</Tag>
);
