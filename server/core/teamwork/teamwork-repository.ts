// What presence and assignments need from storage (both stores implement it).

export interface PresentClient {
  clientId: string;
  actor: string;
  seenAt: number;
}

export interface TeamworkRepository {
  /** This tab has this image open now (one row per tab and project). */
  touchPresence(projectId: string, clientId: string, uuid: string, actor: string, at: number): Promise<void>;
  leavePresence(projectId: string, clientId: string): Promise<void>;
  /** Tabs seen on the image since `since`, and rows older than `forgetBefore` of the project are dropped. */
  presentOn(projectId: string, uuid: string, since: number): Promise<PresentClient[]>;
  /** Tabs seen on any image of the project since `since`. */
  countPresent(projectId: string, since: number): Promise<number>;
  forgetPresence(before: number): Promise<void>;
  /** Assigns (or, with null, unassigns) these images; answers how many rows changed. */
  assign(projectId: string, uuids: readonly string[], assignee: string | null, at: number, by: string): Promise<number>;
  /** The assignee of each assigned image among these. */
  assignees(projectId: string, uuids: readonly string[]): Promise<Map<string, string>>;
  /** How many images each assignee has. */
  assignmentCounts(projectId: string): Promise<Array<{ assignee: string; images: number }>>;
}
