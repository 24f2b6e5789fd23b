'use client';

// Presence (who else has this image open) and assignments (whose images these are), read from
// the teamwork procedures.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC, useTRPCClient } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';
import { STAY_ON_IMAGE_MS } from './useSettled';

/** Marks the strip's second filter as an annotator's name rather than a label. */
export const ASSIGNEE_PREFIX = '\u2063assignee:';
const PING_MS = 10_000;

export interface AssigneeOption {
  value: string;
  text: string;
}

/** "Assigned to …" choices for the strip: every annotator with images, the signed-in one first as "me". */
export function useAssigneeOptions(type: ProjectType, name: string, me: string | undefined): AssigneeOption[] {
  const trpc = useTRPC();
  const counts = useQuery({ ...trpc.teamwork.counts.queryOptions({ annotation_type: type, project_name: name }), staleTime: 10_000 }).data ?? [];
  const mine = counts.find((entry) => entry.assignee === me);
  return [
    ...(me ? [{ value: `${ASSIGNEE_PREFIX}${me}`, text: `Assigned to me (${mine?.images ?? 0})` }] : []),
    ...counts.filter((entry) => entry.assignee !== me).map((entry) => ({ value: `${ASSIGNEE_PREFIX}${entry.assignee}`, text: `Assigned to ${entry.assignee} (${entry.images})` })),
  ];
}

const newClientId = () => `tab-${crypto.randomUUID()}`;

/** Tells the server which image this tab shows (now and every few seconds) and answers who else is on it. */
export function usePresence(type: ProjectType, name: string, uuid: string | undefined): string[] {
  const client = useTRPCClient();
  const [clientId] = useState(newClientId);
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (!uuid) return;
    let stopped = false;
    // The plain client, not a mutation hook: a hook's pending and settled states re-rendered
    // the whole workspace twice on every image switch.
    const ping = () =>
      client.teamwork.here
        .mutate({ annotation_type: type, project_name: name, uuid, client_id: clientId })
        .then((present) => {
          const names = present.map((entry) => entry.name);
          if (!stopped) setOthers((before) => (before.length === names.length && before.every((item, index) => item === names[index]) ? before : names));
        })
        .catch(() => undefined);
    // Once the user stays on the image. A timer, not useSettled: that would render the whole
    // workspace again once the user stays.
    const first = setTimeout(() => void ping(), STAY_ON_IMAGE_MS);
    const timer = setInterval(() => void ping(), PING_MS);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [client, type, name, uuid, clientId]);
  // Leaving the page: say so at once rather than wait for the row to expire.
  useEffect(() => {
    const leave = () => {
      const body = JSON.stringify({ annotation_type: type, project_name: name, client_id: clientId });
      void fetch('/api/trpc/teamwork.leave', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [type, name, clientId]);
  return others;
}

/** How presence reads: names, or in local mode (everyone "local") other tabs. */
export function presenceText(others: readonly string[]): string | null {
  if (others.length === 0) return null;
  const names = [...new Set(others.filter((name) => name !== 'local'))];
  const tabs = others.length - others.filter((name) => name !== 'local').length;
  const parts = [...names, ...(tabs > 0 ? [tabs === 1 ? 'another tab' : `${tabs} other tabs`] : [])];
  return `Also here: ${parts.join(', ')}`;
}
