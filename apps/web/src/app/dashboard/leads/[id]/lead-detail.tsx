"use client";
// One lead: status and assignment (sent with the version this page saw; a conflict is shown,
// never overwritten), notes, the operation record, possible duplicates and deliveries.
import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";
import { LEAD_TRANSITIONS } from "@once/db/domain";
import { StaffOptions } from "../../staff-options";

const NEXT = LEAD_TRANSITIONS;

export function LeadDetail({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lead = useQuery(trpc.dashboard.leads.get.queryOptions({ id }));
  const [note, setNote] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.dashboard.leads.get.queryKey({ id }) });
  const update = useMutation(trpc.dashboard.leads.update.mutationOptions({ onSuccess: refresh }));
  const addNote = useMutation(trpc.dashboard.leads.addNote.mutationOptions({ onSuccess: () => (setNote(""), refresh()) }));
  const requeue = useMutation(trpc.dashboard.deliveries.requeue.mutationOptions({ onSuccess: refresh }));
  if (lead.error) return <p role="alert">{lead.error.message}</p>;
  if (!lead.data) return <p>Loading…</p>;
  const l = lead.data;
  return (
    <article className="lead-detail">
      <h1>
        Lead {l.number} {l.possibleDuplicate ? <span className="badge">possible duplicate</span> : null}
      </h1>
      <dl className="facts">
        <dt>Received</dt>
        <dd>{l.createdAt.toLocaleString()}</dd>
        <dt>Name</dt>
        <dd>{l.name}</dd>
        <dt>Phone</dt>
        <dd>{l.phone}</dd>
        <dt>E-mail</dt>
        <dd>{l.email ?? "—"}</dd>
        <dt>Company</dt>
        <dd>{l.company ?? "—"}</dd>
        <dt>Message</dt>
        <dd className="message">{l.content}</dd>
      </dl>
      <section aria-labelledby="work-heading">
        <h2 id="work-heading">Work this lead</h2>
        <div className="work-row">
          <label>
            Status ({l.status})
            <select
              value=""
              disabled={update.isPending || NEXT[l.status].length === 0}
              onChange={(e) => e.target.value && update.mutate({ id, version: l.version, status: e.target.value as "contacted" })}
            >
              <option value="">change to…</option>
              {NEXT[l.status].map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <label>
            Assignee
            <select
              value={l.assignee?.id ?? ""}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ id, version: l.version, assigneeId: e.target.value || null })}
            >
              <option value="">unassigned</option>
              <StaffOptions />
            </select>
          </label>
        </div>
        <p role="status" className={update.error ? "field-error" : "muted"} data-testid="update-status">
          {update.error ? `${update.error.message}` : update.isSuccess ? "Saved." : ""}
        </p>
        {update.error ? (
          <button type="button" onClick={() => (update.reset(), void refresh())}>
            Reload the lead
          </button>
        ) : null}
      </section>
      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">Notes</h2>
        <ul>
          {l.notes.map((n) => (
            <li key={n.id}>
              <span className="muted">
                {n.author.name}, {n.createdAt.toLocaleString()}:
              </span>{" "}
              {n.body}
            </li>
          ))}
        </ul>
        <form onSubmit={(e) => (e.preventDefault(), addNote.mutate({ id, body: note }))}>
          <label htmlFor="note">Add a note</label>
          <textarea id="note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
          <button type="submit" disabled={addNote.isPending || note.trim() === ""}>
            Add note
          </button>
        </form>
      </section>
      <section aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">Notifications to sales</h2>
        {l.deliveries.length === 0 ? <p className="muted">No channel configured.</p> : null}
        <ul>
          {l.deliveries.map((d) => (
            <li key={d.id}>
              {d.channel}: <strong>{d.status}</strong> after {d.attempts} attempt(s)
              {d.lastError ? <span className="muted"> — last error: {d.lastError}</span> : null}
              {d.status === "dead" && isAdmin ? (
                <button type="button" onClick={() => requeue.mutate({ id: d.id })} disabled={requeue.isPending}>
                  Retry delivery
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="operation-heading">
        <h2 id="operation-heading">Operation record</h2>
        {l.operation ? (
          <p>
            key <code>{l.operation.key}</code>, {l.operation.outcome}, first seen {l.operation.createdAt.toLocaleString()}, kept until{" "}
            {l.operation.expiresAt.toLocaleDateString()}. Requests seen with this key:{" "}
            {1 + l.operation.replayCount + l.operation.conflictCount + l.operation.inProgressCount} ({l.operation.replayCount} replays,{" "}
            {l.operation.conflictCount} conflicts, {l.operation.inProgressCount} answered “in progress”).
          </p>
        ) : (
          <p className="muted">Expired or not found.</p>
        )}
        <h3>Same phone within 24 hours</h3>
        {l.possibleDuplicates.length === 0 ? <p className="muted">None.</p> : null}
        <ul>
          {l.possibleDuplicates.map((d) => (
            <li key={d.id}>
              <Link href={`/dashboard/leads/${d.id}`}>{d.number}</Link> ({d.createdAt.toLocaleString()})
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
