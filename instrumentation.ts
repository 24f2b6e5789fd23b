// Opens the database when the server starts, not at the first request, so a second server
// on the same DATA_DIR stops at once with a clear message.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServerRuntime } = await import('@/server/runtime/start');
  await startServerRuntime();
}
