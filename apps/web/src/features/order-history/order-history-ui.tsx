import { orderStatusNames } from '@smartport/contract';
import { Tag } from 'antd';

/** The PIN as shown: the part before the dash (spec 02 §3). */
export const shownPin = (pin: string) => pin.split('-')[0] ?? pin;

const orderStatusColors: Record<string, string> = { A: 'default', P: 'gold', C: 'green', D: 'red' };
export const OrderStatusTag = ({ status, name }: { status: string; name?: string | null }) => (
  <Tag color={orderStatusColors[status] ?? 'default'}>{name ?? orderStatusNames[status as 'A'] ?? status}</Tag>
);
