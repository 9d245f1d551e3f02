"""What the bots' modules raise (here, below them all, so that none imports another only for its error)."""


class AgentSpecError(ValueError):
    """An agent spec nobody can build."""
