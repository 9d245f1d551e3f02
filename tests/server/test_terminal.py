"""A front door's UI process on its pty (server/terminal.py): what it writes after its session's channel closed."""

from __future__ import annotations

import asyncio

from dune_tui.server.terminal import Terminal, python


async def test_output_to_a_channel_already_closed_stops_the_reading_without_an_error_in_the_log():
    """A session's channel closes (the client went) while its process still writes: asyncssh's write raises
    BrokenPipeError.  The pty is no longer read (the hang-up follows); nothing reaches the loop's error log."""
    loop = asyncio.get_running_loop()
    errors = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    written = []

    def output(data: bytes) -> None:
        written.append(data)
        raise BrokenPipeError("Channel not open for sending")

    term = Terminal(python("import time\nwhile True:\n    print('x' * 100, flush=True)\n    time.sleep(0.01)\n",),
                    output=output)
    run = loop.create_task(term.run(env={"PATH": "/usr/bin:/bin"}, cwd="/"))
    for _ in range(200):
        if written:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.3)  # more output came meanwhile
    term.hang_up()
    await asyncio.wait_for(run, 20)
    loop.set_exception_handler(None)
    assert written and not errors, errors
    assert len(written) == 1, "the pty is not read once its channel is gone"
