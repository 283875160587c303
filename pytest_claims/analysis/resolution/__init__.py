"""Resolution of names for one target, in small collaborators behind `analysis.resolve.Resolver`."""
