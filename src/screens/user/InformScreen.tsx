// The notification centre (/user/inform): the schema list of the reader's notices
// (schemas/screens/notice-list.json, unread ones marked) with the unread count and "mark all
// as read" above it. Hand-written only for that toolbar and to read the list afresh on every
// visit: opening a notice marks it read on the server, so a cached page would be stale.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { api } from '../../api/base';
import * as noticeList from '../../api/generated/screens/notice-list';
import { endpoint as readAllEndpoint } from '../../api/generated/screens/notice-read-all';
import { endpoint as unreadEndpoint } from '../../api/generated/screens/notice-unread';
import ListScreen from '../../engine/ListScreen';
import type { ScreenModule } from '../../engine/types';
import { toast } from '../../ui/overlays';
import './content.css';

export default function InformScreen() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(api.util.invalidateTags(['Notices']));
  }, [dispatch]);
  const unread = unreadEndpoint.useQuery(undefined, { refetchOnMountOrArgChange: true }).data?.count ?? 0;
  const [readAll, state] = readAllEndpoint.useMutation();
  const onReadAll = async () => {
    const r = await readAll();
    if (!('error' in r)) toast(t('inform.readAllDone'));
  };
  return (
    <>
      {unread > 0 && (
        <div className="inform-toolbar">
          <span className="muted">{t('inform.unread', { count: unread })}</span>
          <button type="button" className="btn btn-ghost btn-small" disabled={state.isLoading} onClick={() => void onReadAll()}>
            {t('inform.readAll')}
          </button>
        </div>
      )}
      <ListScreen module={noticeList as unknown as ScreenModule} />
    </>
  );
}
