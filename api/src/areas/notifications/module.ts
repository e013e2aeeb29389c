import type { AreaModule } from '../types';
import { notificationRoutes } from './routes';

export const notificationsModule: AreaModule = {
  name: 'notifications',
  routes: notificationRoutes,
};
