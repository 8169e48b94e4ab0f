import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  LinkOutlined,
  NotificationOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { type ComponentType, memo } from 'react';

// Named imports, not the whole icon set: only these end up in the workspace chunk.
const ICONS: Record<string, ComponentType> = {
  apartment: ApartmentOutlined,
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  dashboard: DashboardOutlined,
  eye: EyeOutlined,
  'file-text': FileTextOutlined,
  form: FormOutlined,
  global: GlobalOutlined,
  home: HomeOutlined,
  link: LinkOutlined,
  notification: NotificationOutlined,
  profile: ProfileOutlined,
  'question-circle': QuestionCircleOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  'shopping-cart': ShoppingCartOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
};

/**
 * The icon a menu names (ant-design-vue style: "shopping-cart"), or a neutral one for names we do not ship. It draws
 * from the name alone, so it renders again only for another name: antd's Menu clones its items' icons on every
 * render (a new selected item re-renders the whole menu).
 */
export const MenuIcon = memo(
  function MenuIcon({ name }: { name: string | null | undefined }) {
    const Icon = (name && ICONS[name.replace(/Outlined$/, '').toLowerCase()]) || AppstoreOutlined;
    return <Icon />;
  },
  (previous, next) => previous.name === next.name,
);
