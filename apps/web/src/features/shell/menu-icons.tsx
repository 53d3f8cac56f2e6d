import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import ContainerOutlined from '@ant-design/icons/ContainerOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { ReactNode } from 'react';

const icons: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  container: <ContainerOutlined />,
  safety: <SafetyCertificateOutlined />,
  database: <DatabaseOutlined />,
  setting: <SettingOutlined />,
  tool: <ToolOutlined />,
  chart: <BarChartOutlined />,
  question: <QuestionCircleOutlined />,
  user: <UserOutlined />,
  ship: <GlobalOutlined />,
};

export const menuIcon = (name: string | null) => (name ? icons[name] : undefined);
