import { useSearchParams } from 'react-router-dom';
import { RoleDetail } from './RoleDetail';
import { RoleList } from './RoleList';

/**
 * /roles (Role setting): the roles; a role opens on the same route as /roles?id=..., so its page
 * can be reloaded and shared.
 */
export function RoleSettingScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id === null) return <RoleList />;
  return (
    <div data-testid="area-screen" data-screen="role-detail">
      <RoleDetail key={id} id={id} />
    </div>
  );
}

export default RoleSettingScreen;
