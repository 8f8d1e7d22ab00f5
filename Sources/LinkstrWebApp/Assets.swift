/// The stylesheet and the script, compiled into the program (an installed `linkstr` carries no
/// resource folder): no build step, no framework.
enum Assets {
    /// Tokyo Night (the iPhone app's theme), dark by default; Tokyo Night Day when the system is light.
    static let css = """
        :root {
          --bg: #1a1b26; --bg-deep: #16161e; --surface: #24283b; --surface-2: #2f3549; --line: #3b4261;
          --fg: #c0caf5; --muted: #9aa5ce; --comment: #959cc6; --accent: #7aa2f7; --accent-fg: #16161e;
          --cyan: #7dcfff; --purple: #bb9af7; --green: #9ece6a; --orange: #ff9e64; --red: #f7768e; --yellow: #e0af68;
          --mine: rgba(122, 162, 247, 0.22); --note: rgba(187, 154, 247, 0.12);
          color-scheme: dark;
        }
        @media (prefers-color-scheme: light) {
          :root {
            --bg: #e1e2e7; --bg-deep: #d5d6db; --surface: #f2f3f7; --surface-2: #e9e9ed; --line: #c4c8da;
            --fg: #343b58; --muted: #4c5372; --comment: #51577a; --accent: #2e5cc7; --accent-fg: #ffffff;
            --cyan: #006a8f; --purple: #6a3aad; --green: #33635c; --orange: #965027; --red: #b8254a; --yellow: #8f5e15;
            --mine: rgba(46, 92, 199, 0.14); --note: rgba(106, 58, 173, 0.10);
            color-scheme: light;
          }
        }
        * { box-sizing: border-box; }
        html { font-size: 17px; }
        body { margin: 0; background: var(--bg); color: var(--fg); font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.45; }
        a { color: var(--accent); }
        :focus-visible { outline: 2px solid var(--cyan); outline-offset: 2px; }
        .bar { position: sticky; top: 0; z-index: 1; display: flex; align-items: center; gap: 1rem; padding: 0.6rem 1rem;
          background: var(--bg-deep); border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; color: var(--purple); text-decoration: none; font-size: 1.1rem; }
        nav { display: flex; align-items: center; gap: 0.9rem; flex: 1; min-width: 0; }
        nav a { color: var(--muted); text-decoration: none; padding: 0.2rem 0.1rem; }
        nav a[aria-current="page"] { color: var(--fg); border-bottom: 2px solid var(--accent); }
        .me { margin-left: auto; color: var(--comment); font-family: ui-monospace, monospace; font-size: 0.8rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.5rem; margin: 0.4rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 0 0 0.6rem; }
        .lead { color: var(--muted); }
        .title-row { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; margin: 0.4rem 0 1rem; }
        .title-row h1 { flex: 1; min-width: 0; margin: 0; }
        .title-row .meta { color: var(--comment); }
        .back { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 2.3rem; height: 2.3rem; border-radius: 50%;
          background: var(--surface); border: 1px solid var(--line); font-size: 1.6rem; line-height: 1; text-decoration: none; padding-bottom: 0.15rem; }
        .title-row .button { margin-top: 0; }
        .group { background: var(--surface); border: 1px solid var(--line); border-radius: 14px; padding: 1rem; margin: 0 0 1rem; }
        label { display: block; margin: 0.6rem 0 0.25rem; color: var(--muted); font-size: 0.9rem; }
        .hint { color: var(--comment); font-size: 0.85rem; }
        input, textarea { width: 100%; font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 10px; padding: 0.55rem 0.7rem; }
        textarea { resize: vertical; }
        input[type="checkbox"] { width: 1.15rem; height: 1.15rem; accent-color: var(--accent); }
        button, .button { display: inline-block; font: inherit; cursor: pointer; border-radius: 10px; padding: 0.5rem 1rem; margin-top: 0.75rem;
          border: 1px solid var(--line); background: var(--surface-2); color: var(--fg); text-decoration: none; }
        .primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; }
        .actions { display: flex; justify-content: flex-end; }
        main p { overflow-wrap: anywhere; }
        .problem { color: var(--red); margin: 0.6rem 0 0; font-weight: 500; }
        .empty { color: var(--muted); background: var(--surface); border: 1px dashed var(--line); border-radius: 14px; padding: 1.2rem; text-align: center; }
        .secret { font-family: ui-monospace, monospace; font-size: 0.9rem; }
        code { font-family: ui-monospace, monospace; font-size: 0.85rem; overflow-wrap: anywhere; }
        fieldset { border: 0; padding: 0; margin: 0.8rem 0 0; }
        legend { color: var(--muted); font-size: 0.9rem; }
        .check { display: flex; align-items: center; gap: 0.6rem; color: var(--fg); font-size: 1rem; padding: 0.35rem 0; }
        .avatar { flex: none; display: inline-flex; align-items: center; justify-content: center; width: 2.6rem; height: 2.6rem; border-radius: 50%;
          font-weight: 700; color: #16161e; }
        .c0 { background: #7aa2f7; } .c1 { background: #bb9af7; } .c2 { background: #9ece6a; } .c3 { background: #ff9e64; }
        .c4 { background: #7dcfff; } .c5 { background: #e0af68; } .c6 { background: #f7768e; }
        .sessions, .contacts, .feed { list-style: none; margin: 0; padding: 0; }
        .sessions { background: var(--surface); border: 1px solid var(--line); border-radius: 14px; overflow: hidden; }
        .session a { display: flex; align-items: center; gap: 0.8rem; padding: 0.75rem 1rem; color: var(--fg); text-decoration: none; }
        .session + .session a { border-top: 1px solid var(--line); }
        .session a:hover { background: var(--surface-2); }
        .text { display: flex; flex-direction: column; flex: 1; min-width: 0; }
        .name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .meta { color: var(--comment); font-size: 0.85rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .side { display: flex; flex-direction: column; align-items: flex-end; gap: 0.3rem; color: var(--comment); font-size: 0.8rem; }
        .unread .name { color: var(--fg); }
        .dot { width: 0.7rem; height: 0.7rem; border-radius: 50%; background: var(--accent); }
        .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        .contacts li { display: flex; align-items: center; gap: 0.8rem; padding: 0.7rem 1rem; background: var(--surface); border: 1px solid var(--line); border-radius: 14px; margin-bottom: 0.5rem; }
        .post { scroll-margin-top: 4.5rem; background: var(--surface); border: 1px solid var(--line); border-radius: 14px; padding: 0.8rem 1rem; margin-bottom: 0.8rem; }
        .post.mine { border-color: color-mix(in srgb, var(--accent) 45%, var(--line)); }
        .post.unread { box-shadow: inset 3px 0 0 var(--accent); }
        .sender { display: flex; align-items: center; gap: 0.6rem; margin-bottom: 0.5rem; min-width: 0; }
        .sender .avatar { width: 2rem; height: 2rem; font-size: 0.9rem; }
        .sender .name { flex: 1; min-width: 0; }
        .sender time { color: var(--comment); font-size: 0.8rem; flex: none; }
        .sender.continued { justify-content: flex-end; margin-bottom: 0.2rem; }
        .new { background: var(--accent); color: var(--accent-fg); border-radius: 999px; font-size: 0.7rem; font-weight: 700; padding: 0.05rem 0.5rem; }
        .title { display: block; font-weight: 600; margin-bottom: 0.2rem; }
        .url { display: block; overflow-wrap: anywhere; }
        .note { margin: 0.6rem 0 0; padding: 0.5rem 0.8rem; border-left: 3px solid var(--purple); background: var(--note);
          border-radius: 0 10px 10px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .reactions { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.5rem; }
        .chip { margin: 0; padding: 0.2rem 0.6rem; border-radius: 999px; font-size: 0.95rem; }
        .chip.mine { background: var(--mine); border-color: var(--accent); }
        .chip.quick { opacity: 0.8; }
        .count { font-size: 0.8rem; color: var(--muted); }
        .membership { text-align: center; color: var(--comment); font-size: 0.85rem; margin: 0.6rem 0 1rem; overflow-wrap: anywhere; }
        .older { text-align: center; }
        .post-foot { display: flex; align-items: flex-end; gap: 0.5rem; }
        .post-foot .reactions { flex: 1; }
        .delete { color: var(--comment); font-size: 0.85rem; padding: 0.2rem 0.3rem; }
        .delete:hover { color: var(--red); }
        .danger { background: var(--red); color: var(--accent-fg); border-color: var(--red); font-weight: 600; }
        .confirm { gap: 0.6rem; align-items: center; }
        .confirm .button, .confirm button { margin-top: 0; }
        .name-row { display: flex; align-items: center; gap: 0.4rem; min-width: 0; }
        .group > :first-child { margin-top: 0; }
        .badge { flex: none; font-size: 0.7rem; font-weight: 600; color: var(--purple); border: 1px solid var(--purple); border-radius: 999px; padding: 0 0.45rem; vertical-align: middle; }
        .members li form { margin-left: auto; }
        .members-link { text-decoration: none; }
        .members-link:hover { text-decoration: underline; }
        .identity { display: flex; gap: 1.2rem; align-items: center; flex-wrap: wrap; }
        .identity-text { flex: 1; min-width: 14rem; }
        .identity-text label { margin-top: 0; }
        .qr { width: 11rem; height: 11rem; border-radius: 10px; flex: none; }
        .gap { gap: 0.6rem; }
        .relays { list-style: none; margin: 0 0 0.6rem; padding: 0; }
        .relay { display: flex; align-items: center; gap: 0.7rem; padding: 0.55rem 0; border-bottom: 1px solid var(--line); }
        .relay form { margin: 0; }
        .relay .name, .relay .meta { font-size: 0.9rem; font-weight: 500; white-space: normal; overflow-wrap: anywhere; }
        .relay .meta { font-size: 0.8rem; font-weight: 400; }
        .storage, .results { margin: 0; padding: 0; list-style: none; }
        .results { margin-top: 0.6rem; overflow-wrap: anywhere; }
        .relay-error { color: var(--red); font-size: 0.85rem; overflow-wrap: anywhere; }
        .status { flex: none; width: 0.75rem; height: 0.75rem; border-radius: 50%; background: var(--comment); }
        .status.ok { background: var(--green); } .status.bad { background: var(--red); } .status.off { background: transparent; border: 2px solid var(--comment); }
        .row { display: flex; gap: 0.5rem; align-items: center; }
        .row button { margin-top: 0; }
        .row.wrap { flex-wrap: wrap; }
        .row .button { margin-top: 0; }
        .post:focus { outline: 2px solid var(--cyan); outline-offset: 2px; }
        dialog { background: var(--surface); color: var(--fg); border: 1px solid var(--line); border-radius: 14px; padding: 1.2rem 1.4rem; max-width: 28rem; }
        dialog::backdrop { background: rgba(0, 0, 0, 0.5); }
        .keys { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 0.6rem; }
        .keys dd { margin: 0; color: var(--muted); }
        kbd { font-family: ui-monospace, monospace; font-size: 0.85rem; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 0.05rem 0.4rem; }
        .search { display: flex; gap: 0.5rem; align-items: center; margin: 0 0 0.8rem; }
        .search button { margin: 0; }
        .toggle { text-align: center; margin-top: 1rem; }
        .title-row form { margin: 0; }
        .player { margin-top: 0.6rem; }
        .player video, .player .embed, .play.framed { display: block; width: 100%; aspect-ratio: 16 / 9; border-radius: 10px; background: var(--bg-deep); border: 0; }
        .play { position: relative; display: flex; align-items: center; gap: 0.8rem; min-height: 4.2rem; padding: 0.6rem 0.8rem; overflow: hidden;
          border-radius: 10px; background: var(--bg-deep); border: 1px solid var(--line); text-decoration: none; color: var(--fg); }
        .play:hover { border-color: var(--accent); }
        .thumb { display: block; width: 100%; max-height: 16rem; object-fit: cover; border-radius: 10px; }
        .play .thumb { position: absolute; inset: 0; height: 100%; max-height: none; border-radius: 0; }
        .play-mark { flex: none; width: 3rem; height: 3rem; border-radius: 50%; display: flex; align-items: center; justify-content: center;
          padding-left: 0.2rem; font-size: 1.25rem; background: var(--accent); color: var(--accent-fg); box-shadow: 0 2px 12px rgba(0, 0, 0, 0.35); }
        .play-label { font-weight: 600; }
        .play.framed .play-mark { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); width: 3.6rem; height: 3.6rem; font-size: 1.5rem; }
        .play.framed .play-label { position: absolute; left: 0.8rem; bottom: 0.6rem; padding: 0.1rem 0.5rem; border-radius: 6px;
          background: color-mix(in srgb, var(--bg-deep) 75%, transparent); font-size: 0.9rem; }
        .play:hover .play-mark, .play:focus-visible .play-mark { filter: brightness(1.1); }
        .play-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin-top: 0.5rem; }
        .play-actions form { margin: 0; }
        .play-actions .problem { margin: 0; flex-basis: 100%; font-size: 0.9rem; overflow-wrap: anywhere; }
        .small { margin: 0; padding: 0.3rem 0.8rem; font-size: 0.9rem; }
        .saving { display: inline-flex; align-items: center; gap: 0.5rem; color: var(--muted); font-size: 0.9rem; }
        progress { width: 9rem; accent-color: var(--accent); }
        @media (max-width: 480px) {
          html { font-size: 16px; }
          main { padding: 0.7rem; }
          .me { display: none; }
        }
        /* Saved links */
        .tabs { display: flex; gap: 1.2rem; margin: 0 0 0.8rem; border-bottom: 1px solid var(--line); }
        .tabs a { color: var(--muted); text-decoration: none; padding: 0.3rem 0.1rem; }
        .tabs a[aria-current="page"] { color: var(--fg); border-bottom: 2px solid var(--accent); }
        .tag-filter { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0 0 0.9rem; }
        .tag { display: inline-block; padding: 0.1rem 0.65rem; border-radius: 999px; border: 1px solid var(--line); background: var(--surface-2);
          color: var(--fg); text-decoration: none; font-size: 0.85rem; }
        .tag[aria-current="true"] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
        .tag[aria-current="true"] .count { color: var(--accent-fg); }
        .saved { list-style: none; margin: 0; padding: 0; }
        .saved-link { background: var(--surface); border: 1px solid var(--line); border-radius: 14px; padding: 0.8rem 1rem; margin-bottom: 0.8rem; }
        .saved-link .tags { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0.5rem 0 0; }
        .saved-link .meta { white-space: normal; margin: 0.45rem 0 0; }
        .saved-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-top: 0.55rem; }
        .saved-actions form { margin: 0; }
        .notice { display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem; background: var(--surface); border: 1px solid var(--green);
          border-radius: 14px; padding: 0.6rem 1rem; margin: 0 0 1rem; }
        .notice p { margin: 0; flex: 1; min-width: 12rem; }
        .notice form { margin: 0; }
        .bookmark { color: var(--muted); font-size: 0.85rem; padding: 0.2rem 0.3rem; }
        .tag-picker { margin-top: 0.6rem; }
        .tag-options { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.4rem 0 0.2rem; }
        .tag-option { display: inline-flex; align-items: center; gap: 0.4rem; margin: 0; padding: 0.25rem 0.7rem; border: 1px solid var(--line);
          border-radius: 999px; color: var(--fg); font-size: 0.9rem; cursor: pointer; }
        .tag-option:has(input:checked) { background: var(--mine); border-color: var(--accent); }
        .tag-option input { width: 1rem; height: 1rem; }
        .already { color: var(--yellow); font-weight: 600; margin: 0.6rem 0 0; }
        .suggestions { list-style: none; margin: 0.3rem 0 0; padding: 0.3rem; background: var(--bg); border: 1px solid var(--line); border-radius: 10px; }
        .suggestions li { padding: 0.25rem 0.6rem; border-radius: 6px; cursor: pointer; }
        .suggestions li[aria-selected="true"] { background: var(--accent); color: var(--accent-fg); }
        .sync-status { display: grid; grid-template-columns: auto 1fr; gap: 0.3rem 1rem; margin: 0.4rem 0; }
        .sync-status dt { color: var(--muted); }
        .sync-status dd { margin: 0; overflow-wrap: anywhere; }
        h3 { font-size: 1rem; margin: 1rem 0 0.3rem; }
        input[type="file"] { padding: 0.4rem; }
        /* With Saved in it, the top bar is tighter at phone width, and scrolls sideways rather than widen the page. */
        @media (max-width: 480px) {
          .bar { gap: 0.6rem; padding: 0.6rem 0.7rem; }
          nav { gap: 0.6rem; overflow-x: auto; scrollbar-width: none; }
          nav a { font-size: 0.9rem; white-space: nowrap; }
        }
        /* Clicked links (/open): what a link asks for, before it is done. */
        .clicked-link { background: var(--surface); border: 1px solid var(--line); border-radius: 14px; padding: 0.8rem 1rem; overflow-wrap: anywhere; }
        dl.clicked-link { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; }
        dl.clicked-link dt { color: var(--muted); }
        dl.clicked-link dd { margin: 0; }
        .link-actions { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: baseline; }
        .link-actions form.inline { display: inline; margin: 0; }
        pre.command { background: var(--bg-deep); border: 1px solid var(--line); border-radius: 10px; padding: 0.7rem; white-space: pre-wrap; overflow-wrap: anywhere; }
        /* Signer (linkstr as a bunker) */
        .grants { margin: 0.4rem 0; padding-left: 1.2rem; }
        .grants li { margin: 0.2rem 0; overflow-wrap: anywhere; }
        .question { border-top: 1px solid var(--line); padding-top: 0.8rem; margin-top: 0.8rem; }
        .group > h2 + .question { border-top: 0; padding-top: 0; margin-top: 0; }
        .signer-questions { border-color: var(--orange); }
        .signer-clients, .signer-log { list-style: none; margin: 0; padding: 0; }
        .signer-clients > li { padding: 0.6rem 0; border-bottom: 1px solid var(--line); }
        .signer-clients > li:last-child { border-bottom: 0; }
        .signer-clients p { margin: 0 0 0.2rem; }
        .signer-log li { padding: 0.3rem 0; font-size: 0.9rem; overflow-wrap: anywhere; }
        .signer-log time { color: var(--comment); }
        .signer-alert { margin: 0 0 1rem; padding: 0.7rem 1rem; border: 1px solid var(--orange); border-radius: 14px; background: var(--surface); }
        /* Profiles and the lock: the switcher in the top bar, the profiles page, the lock screen. */
        /* A field focused with Tab is scrolled into view below the sticky top bar, not under it. */
        html { scroll-padding-top: 4.5rem; }
        .switcher { position: relative; margin-left: auto; min-width: 0; }
        .switcher summary { list-style: none; display: flex; align-items: center; gap: 0.5rem; cursor: pointer; padding: 0.15rem 0.3rem; border-radius: 10px; }
        .switcher summary::-webkit-details-marker { display: none; }
        .switcher[open] summary, .switcher summary:hover { background: var(--surface); }
        .switcher .avatar, .profile-choice .avatar, .locked-name .avatar { width: 2rem; height: 2rem; font-size: 0.9rem; }
        .who { display: flex; flex-direction: column; min-width: 0; line-height: 1.2; }
        .who .name { color: var(--fg); font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 12rem; }
        .who .npub { color: var(--comment); font-size: 0.75rem; }
        .switcher .menu { position: absolute; right: 0; top: calc(100% + 0.4rem); z-index: 2; width: min(22rem, 92vw); background: var(--surface);
          border: 1px solid var(--line); border-radius: 14px; padding: 0.6rem; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.35); }
        .switcher ul, .profile-choices { list-style: none; margin: 0; padding: 0; }
        .menu-current { display: flex; align-items: center; gap: 0.6rem; margin: 0 0 0.5rem; padding: 0 0.2rem 0.5rem; border-bottom: 1px solid var(--line); }
        .profile-choice { display: flex; align-items: center; gap: 0.6rem; width: 100%; margin: 0 0 0.3rem; text-align: left; background: var(--bg); border: 1px solid var(--line); }
        .profiles { list-style: none; margin: 0; padding: 0; }
        .profile { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 0.8rem; align-items: center; padding: 0.7rem 0; border-top: 1px solid var(--line); }
        .profile:first-child { border-top: none; }
        .profile .text { display: flex; flex-direction: column; min-width: 0; }
        .profile .npub { color: var(--comment); font-size: 0.8rem; overflow-wrap: anywhere; }
        .profile .meta { color: var(--muted); font-size: 0.85rem; }
        .profile .actions, .profile .rename { grid-column: 2; }
        .profile .current { color: var(--green); font-weight: 600; padding: 0.3rem 0; }
        .rename input { flex: 1; min-width: 0; padding: 0.3rem 0.6rem; }
        select { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 10px; padding: 0.5rem 0.6rem; }
        .row select { flex: 1; min-width: 0; }
        .locked-name { display: flex; align-items: center; gap: 0.6rem; margin: 0 0 0.5rem; font-size: 1.15rem; }
        .while-locked { padding-left: 1.2rem; color: var(--muted); }
        .while-locked li { margin: 0.3rem 0; }
        @media (max-width: 480px) {
          /* Two rows on a phone: the brand and the profile (always in view), then the sections,
             which scroll sideways when they do not fit. */
          .bar { flex-wrap: wrap; row-gap: 0.35rem; }
          .bar nav { order: 3; flex-basis: 100%; }
          html { scroll-padding-top: 6.5rem; }
          /* The avatar alone, so the top bar fits a phone. */
          .switcher summary .who { display: none; }
          .switcher summary { padding: 0; }
          .bar { gap: 0.5rem; padding-left: 0.6rem; padding-right: 0.6rem; }
          nav { gap: 0.45rem; }
        }
        /* Settings → notifications: a choice per line, the radio before its words. */
        .notify-settings fieldset label { display: flex; align-items: center; gap: 0.55rem; margin: 0.35rem 0; color: var(--fg); }
        .notify-settings input[type="radio"] { width: 1.1rem; height: 1.1rem; margin: 0; flex: none; accent-color: var(--accent); }
        .notify-settings select { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 10px; padding: 0.45rem 0.6rem; }
        """

    /// Live updates (a server-sent event refreshes what the page shows), reactions without a
    /// reload, and the copy button. Without it every page still reads, and every form still works.
    static let javascript = """
        const live = document.body.dataset.live;
        const region = () => document.getElementById("live");

        // Fetches what the page shows again (the same address, as a fragment) and puts it in place.
        // Answers can come back out of order (a search typed fast starts one fetch a key), so only
        // the answer to the latest fetch is shown.
        let refreshes = 0;
        async function refresh() {
          const mine = ++refreshes;
          const url = new URL(location.href);
          url.searchParams.set("fragment", "1");
          const response = await fetch(url, { credentials: "same-origin" });
          if (!response.ok) return;
          const text = await response.text();
          if (mine === refreshes && region()) region().innerHTML = text;
        }

        // Players in use (a provider's, or a cached video that was started) survive a refresh.
        const playing = () => new Map([...document.querySelectorAll(".player[data-playing]")].map((player) => [player.closest(".post")?.id, player]));
        async function refreshKeepingPlayers() {
          const kept = playing();
          const focusedPost = document.activeElement?.closest?.(".post")?.id;
          const focusedSession = document.activeElement?.closest?.(".session")?.querySelector("a")?.getAttribute("href");
          await refresh();
          for (const [id, player] of kept) document.querySelector(`#${CSS.escape(id)} .player`)?.replaceWith(player);
          // The keyboard's place survives the refresh.
          if (focusedPost) document.getElementById(focusedPost)?.focus();
          if (focusedSession) [...document.querySelectorAll(".session > a")].find((link) => link.getAttribute("href") === focusedSession)?.focus();
        }

        if (live && region()) {
          const events = new EventSource("/events");
          // The relay list changed (a status dot, an error): the settings page shows it again.
          events.addEventListener("relays", () => { if (live === "settings") refresh(); });
          events.addEventListener("change", (event) => {
            const change = JSON.parse(event.data);
            if (live === "sessions" || change.session === live) refreshKeepingPlayers();
          });
          // "Save for offline" moves its bar in place; its end is a change.
          events.addEventListener("progress", (event) => {
            const change = JSON.parse(event.data);
            if (change.session !== live) return;
            const post = document.getElementById(`post-${change.post}`);
            const bar = post?.querySelector(".saving progress");
            if (!bar) return refreshKeepingPlayers();
            if (change.percent !== undefined) {
              bar.value = change.percent;
              post.querySelector(".saving-text").textContent = `Saving… ${change.percent}%`;
            }
          });
          events.addEventListener("open", () => document.body.dataset.connected = "true");
        }

        // "Play" puts the provider's player in place: its first request to the provider is this click's.
        document.addEventListener("click", (event) => {
          const play = event.target.closest("a[data-embed]");
          if (!play) return;
          event.preventDefault();
          const frame = document.createElement("iframe");
          frame.className = "embed";
          frame.src = play.dataset.embed;
          frame.title = "Video player";
          frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
          frame.allowFullscreen = true;
          play.closest(".player").dataset.playing = "true";
          play.replaceWith(frame);
          frame.focus();
        });
        document.addEventListener("play", (event) => {
          const player = event.target.closest?.(".player");
          if (player) player.dataset.playing = "true";
        }, true);

        // A reaction toggles in place, "save for offline" starts in place; the forms post as usual when this script is off.
        document.addEventListener("submit", async (event) => {
          const form = event.target;
          if (!form.classList.contains("reactions") && !form.classList.contains("save")) return;
          event.preventDefault();
          const body = new URLSearchParams(new FormData(form, event.submitter));
          const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
          if (response.ok) await refreshKeepingPlayers();
        });

        // Search as you type: the address keeps the query (a reload or a live refresh shows the same).
        document.getElementById("search")?.addEventListener("input", (event) => {
          const url = new URL(location.href);
          if (event.target.value.trim()) url.searchParams.set("q", event.target.value); else url.searchParams.delete("q");
          history.replaceState(null, "", url);
          refresh();
        });

        // Keyboard-first: the shortcuts `?` lists (Layout.keys). Typing in a field is left alone.
        const items = () => [...document.querySelectorAll("li.session > a, li.post")];
        const current = () => document.activeElement?.closest?.("li.post") ?? document.activeElement?.closest?.("li.session")?.querySelector("a");
        function move(step) {
          const all = items();
          if (!all.length) return;
          const at = all.indexOf(current());
          const next = all[Math.min(all.length - 1, Math.max(0, at < 0 ? 0 : at + step))];
          next.focus();
          next.scrollIntoView({ block: "nearest" });
        }
        document.addEventListener("keydown", (event) => {
          if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
          const typing = event.target.closest?.("input, textarea, select, [contenteditable]");
          if (typing) {
            if (event.key === "Escape") event.target.blur();
            return;
          }
          const post = document.activeElement?.closest?.("li.post");
          const quick = { "1": "👍", "2": "👎", "3": "👀" }[event.key];
          let handled = true;
          if (event.key === "j" || event.key === "ArrowDown") move(1);
          else if (event.key === "k" || event.key === "ArrowUp") move(-1);
          else if (event.key === "?") document.getElementById("shortcuts")?.showModal();
          else if (event.key === "c" && document.getElementById("url")) document.getElementById("url").focus();
          else if (event.key === "/" && document.getElementById("search")) document.getElementById("search").focus();
          else if (event.key === "Escape" && document.querySelector("a.back")) location.href = document.querySelector("a.back").href;
          else if (post && quick) post.querySelector(`.reactions button[value="${quick}"]`)?.click();
          else if (post && event.key === "r") post.querySelector(".reactions button")?.focus();
          else if (post && event.key === "Enter" && event.target === post) {
            const video = post.querySelector("video");
            if (video) video.play();
            else (post.querySelector("a.play") ?? post.querySelector("a.url"))?.click();
          }
          else handled = false;
          if (handled) event.preventDefault();
        });

        document.addEventListener("click", async (event) => {
          const button = event.target.closest("[data-copy]");
          if (!button) return;
          const field = document.getElementById(button.dataset.copy);
          try {
            await navigator.clipboard.writeText(field.value);
            button.textContent = "Copied";
          } catch {
            field.select();
            button.textContent = "Press Ctrl+C";
          }
        });

        // Saved links: "New tags" suggests as you type (the tags the server ranked, best first): ↓ ↑
        // choose, Enter or Tab adds; without this script it is a plain field (commas between tags).
        function suggestTags(input) {
          if (!input || input.dataset.ready) return;
          input.dataset.ready = "true";
          const list = document.createElement("ul");
          list.id = "new-tags-list";
          list.className = "suggestions";
          list.hidden = true;
          list.setAttribute("role", "listbox");
          list.setAttribute("aria-label", "Tag suggestions");
          // The combobox holds the field and its list (the pattern screen readers and axe-core know).
          const box = document.createElement("div");
          box.setAttribute("role", "combobox");
          box.setAttribute("aria-haspopup", "listbox");
          box.setAttribute("aria-expanded", "false");
          box.setAttribute("aria-labelledby", "new-tags-label");
          input.replaceWith(box);
          box.append(input, list);
          input.setAttribute("aria-autocomplete", "list");
          input.setAttribute("aria-controls", list.id);
          let active = -1;
          const typedTags = () => input.value.split(",").map((tag) => tag.trim().toLowerCase());
          const close = () => {
            list.hidden = true;
            active = -1;
            box.setAttribute("aria-expanded", "false");
            input.removeAttribute("aria-activedescendant");
          };
          const highlight = (index) => {
            const options = [...list.children];
            active = (index + options.length) % options.length;
            options.forEach((option, at) => option.setAttribute("aria-selected", String(at === active)));
            input.setAttribute("aria-activedescendant", options[active].id);
          };
          const pick = (tag) => {
            const before = input.value.split(",").slice(0, -1).map((part) => part.trim()).filter(Boolean);
            input.value = [...before, tag].join(", ") + ", ";
            close();
            input.focus();
          };
          input.addEventListener("input", () => {
            const tags = typedTags();
            const typed = tags.pop();
            const taken = new Set(tags);
            const known = (input.dataset.suggest || "").split(",").filter(Boolean);
            const matches = typed ? known.filter((tag) => tag.includes(typed) && !taken.has(tag)).slice(0, 8) : [];
            list.replaceChildren(...matches.map((tag, index) => {
              const option = document.createElement("li");
              option.id = `tag-suggestion-${index}`;
              option.setAttribute("role", "option");
              option.setAttribute("aria-selected", "false");
              option.textContent = tag;
              return option;
            }));
            close();
            list.hidden = !matches.length;
            box.setAttribute("aria-expanded", String(!list.hidden));
          });
          input.addEventListener("keydown", (event) => {
            if (list.hidden) return;
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              highlight(active + (event.key === "ArrowDown" ? 1 : -1));
            } else if ((event.key === "Enter" || event.key === "Tab") && active >= 0) {
              event.preventDefault();
              pick(list.children[active].textContent);
            } else if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          });
          input.addEventListener("blur", () => setTimeout(close, 150));
          list.addEventListener("mousedown", (event) => {
            const option = event.target.closest("li");
            if (!option) return;
            event.preventDefault();
            pick(option.textContent);
          });
        }
        suggestTags(document.getElementById("new-tags"));

        // The save view's link typed: its tags if it is saved already, and the suggestions for its site.
        document.getElementById("saved-url")?.addEventListener("change", async (event) => {
          const form = event.target.form;
          const url = new URL("/saved/tags", location.href);
          url.searchParams.set("url", event.target.value);
          for (const box of form.querySelectorAll("input[name='tag']:checked")) url.searchParams.append("tag", box.value);
          url.searchParams.set("new_tags", form.querySelector("#new-tags")?.value ?? "");
          const response = await fetch(url, { credentials: "same-origin" });
          if (!response.ok) return;
          document.getElementById("tag-choice").innerHTML = await response.text();
          suggestTags(document.getElementById("new-tags"));
          form.querySelector("button.primary").textContent = form.querySelector(".already") ? "Update tags" : "Save";
        });
        // Signer: a new client's (or a website's) question shows on every other page too, pointing to the signer page.
        if (live !== "signer" && document.querySelector('nav[aria-label="Main"]')) {
          const signerEvents = new EventSource("/events");
          signerEvents.addEventListener("change", (event) => {
            const change = JSON.parse(event.data);
            if (change.kind !== "question" || document.querySelector(".signer-alert")) return;
            const alert = document.createElement("p");
            alert.className = "signer-alert";
            alert.setAttribute("role", "alert");
            alert.innerHTML = '<a href="/signer">A Nostr client or a website asks to use your key: answer on the Signer page</a>';
            document.querySelector("main").prepend(alert);
          });
        }
        // What the bunker or a connection did before the page's event stream opened is drawn once it is open.
        if (live === "signer" || live === "connection") {
          const catchUp = setInterval(() => {
            if (document.body.dataset.connected !== "true") return;
            clearInterval(catchUp);
            refresh();
          }, 100);
        }
        // A nostrconnect:// offer counts down to its deadline (the live refresh draws it again).
        setInterval(() => {
          for (const left of document.querySelectorAll("[data-deadline]")) {
            left.textContent = `${Math.max(0, Number(left.dataset.deadline) - Math.floor(Date.now() / 1000))} s`;
          }
        }, 1000);
        // Profiles and the lock: a page drawn for another profile (a switch here or in `linkstr profile
        // use`), or before a lock or an unlock, loads again: the new profile's sessions, or the lock screen.
        const drawnFor = document.body.dataset.state;
        if (drawnFor) {
          setInterval(async () => {
            try {
              const response = await fetch("/profiles/state", { credentials: "same-origin" });
              const now = response.ok ? await response.text() : drawnFor;
              if (now === drawnFor) return;
              // The same address again (a GET; without its #part, which alone would not load it), or the new profile's sessions.
              const again = new URL(location.href);
              again.hash = "";
              location.replace(now.split(":")[0] === drawnFor.split(":")[0] ? again : "/");
            } catch {
              // The app stopped: the page stays as it is.
            }
          }, 1000);
        }
        // A backup file chosen is read into its field (without the script, the ncryptsec is pasted).
        for (const pick of document.querySelectorAll("input[type=file][data-into]")) {
          pick.closest("[hidden]")?.removeAttribute("hidden");
          pick.addEventListener("change", async () => {
            const file = pick.files[0];
            if (file) document.getElementById(pick.dataset.into).value = (await file.text()).trim();
          });
        }
        """
}
