/** Tasks of a node (`/nodes/{node}/tasks…`): list items, status, log. */

export interface TaskListItem {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id: string;
  user: string;
  tokenid?: string;
  endtime?: number;
  /** exit status ('OK', 'WARNINGS: 1', error text) or 'RUNNING' */
  status?: string;
}
export interface TaskPage {
  items: TaskListItem[];
  total: number;
}
export interface TaskListOptions {
  start?: number;
  limit?: number;
  source?: 'archive' | 'active' | 'all';
  vmid?: number;
  typefilter?: string;
  userfilter?: string;
  errors?: boolean;
  since?: number;
  until?: number;
  statusfilter?: string;
}

export interface TaskStatus {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id: string;
  user: string;
  tokenid?: string;
  status: 'running' | 'stopped';
  /** when stopped: 'OK', 'WARNINGS: n', or the error text */
  exitstatus?: string;
}

export interface TaskLogLine {
  n: number;
  t: string;
}
export interface TaskLogPage {
  lines: TaskLogLine[];
  total: number;
}
