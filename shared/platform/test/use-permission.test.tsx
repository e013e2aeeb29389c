import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCES } from '@esim/contracts';
import { usePermission, usePermissionStore } from '../src/index';

afterEach(() => usePermissionStore.getState().clear());

describe('usePermission', () => {
  it('re-renders when the permissions change', () => {
    const { result } = renderHook(() => usePermission(RESOURCES.roles, 'POST'));
    expect(result.current).toBe(false);
    act(() => {
      usePermissionStore.setState({
        status: 'ready',
        permissions: [{ path: '*', methods: ['GET', 'POST'] }],
      });
    });
    expect(result.current).toBe(true);
    act(() => usePermissionStore.getState().clear());
    expect(result.current).toBe(false);
  });
});
