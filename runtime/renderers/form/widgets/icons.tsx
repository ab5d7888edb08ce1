/** The icons a designer button may carry (the icon picker lists these names). */
import {
  CheckOutlined, CloseOutlined, CloudUploadOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FileAddOutlined, FilterOutlined,
  HomeOutlined, InfoCircleOutlined, LinkOutlined, MailOutlined, PhoneOutlined, PlusOutlined, PrinterOutlined, QuestionCircleOutlined,
  ReloadOutlined, SaveOutlined, SearchOutlined, SendOutlined, SettingOutlined, ShareAltOutlined, StarOutlined, UploadOutlined, UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const BUTTON_ICONS: Record<string, ReactNode> = {
  check: <CheckOutlined />, close: <CloseOutlined />, 'cloud-upload': <CloudUploadOutlined />, delete: <DeleteOutlined />,
  download: <DownloadOutlined />, edit: <EditOutlined />, eye: <EyeOutlined />, 'file-add': <FileAddOutlined />, filter: <FilterOutlined />,
  home: <HomeOutlined />, info: <InfoCircleOutlined />, link: <LinkOutlined />, mail: <MailOutlined />, phone: <PhoneOutlined />,
  plus: <PlusOutlined />, printer: <PrinterOutlined />, question: <QuestionCircleOutlined />, reload: <ReloadOutlined />, save: <SaveOutlined />,
  search: <SearchOutlined />, send: <SendOutlined />, setting: <SettingOutlined />, share: <ShareAltOutlined />, star: <StarOutlined />,
  upload: <UploadOutlined />, user: <UserOutlined />,
};
