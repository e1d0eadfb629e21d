import {
  StoreSettingsSchema,
  type StoreSettings,
  type UpdateStoreSettingsBody,
} from '@bindery/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { updateStoreConfig } from '../../../lib/store-config';

export const settingsKeys = { all: ['admin', 'settings'] as const };

export function getStoreSettings(signal?: AbortSignal): Promise<StoreSettings> {
  return apiClient.get('/admin/settings', { schema: StoreSettingsSchema, signal });
}

export const storeSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getStoreSettings(signal) });

export const useStoreSettings = () => useQuery(storeSettingsQuery());

export function saveStoreSettings(body: UpdateStoreSettingsBody): Promise<StoreSettings> {
  return apiClient.put('/admin/settings', body, { schema: StoreSettingsSchema });
}

/** Saves the settings; the pages this tab shows next use them (the top bar's name, the notes). */
export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStoreSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      updateStoreConfig(saved);
    },
  });
}
