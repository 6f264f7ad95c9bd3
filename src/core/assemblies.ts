// The assemblies' answers members and the public read, as both sides agree on them. Plain code
// without imports, so the server may import it (scripts/layering.mjs, PLAIN_SHARED).

/** What anyone may know of the next assembly (GET public/assemblies/next): when, where and what it deliberates on. Nothing about who. */
export interface PublicAssembly {
  title: string;
  /** 'ordinaria' or 'extraordinaria'. */
  kind: string;
  date: string;
  time: string;
  place: string | null;
  online_link: string | null;
  agenda: string[];
}

/** One assembly as an associate sees it on their home (GET own/assemblies): what the notice said, and whether its minutes are there to read. */
export interface OwnAssembly extends PublicAssembly {
  _id: number;
  /** 'convened', 'in_session' or 'closed': a draft never reaches members. */
  status: string;
  notice_text: string | null;
  /** The final minutes are published to members: their PDF is at own/assemblies/{id}/minutes.pdf. */
  minutes: boolean;
}
