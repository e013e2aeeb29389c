/**
 * The antd the console shares: what Module Federation provides under the `antd` share key
 * (`@esim/build` createSharedConfig points the key's `import` here), so `import { Button } from
 * 'antd'` in the host, @esim/ui and every remote gets these. A shared module cannot be
 * tree-shaken (the consumers are unknown at build time), so sharing the package entry sent all
 * of antd (about 470 KB gzip) to the first signed-in screen; this list is what the console uses
 * and nothing else (every component adds to the first signed-in screen; the heaviest unused ones:
 * ColorPicker ~28 KB gzip, Carousel 12, Image 11, Slider 9, Cascader 8, InputNumber 7).
 *
 * A component not listed here is `undefined` at run time: add it here (and release the host)
 * before a screen uses it. shared/build/test/curated-modules.test.ts fails when a workspace file
 * imports an antd value that is not listed.
 * See docs/decisions/0015-precompressed-transfer-curated-shares-incremental-build.md.
 */
export {
  Alert,
  App,
  AutoComplete,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Layout,
  List,
  Menu,
  Modal,
  Pagination,
  Popover,
  Progress,
  QRCode,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Steps,
  Table,
  Tabs,
  Tag,
  theme,
  Tooltip,
  Typography,
  Upload,
} from 'antd/es/index.js';
